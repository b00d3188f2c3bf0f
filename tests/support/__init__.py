"""Test harnesses, kept out of the shipped package: the app under AppTest (`apptest`), a real
app server on a free port of 127.0.0.1 (`serve`) and a websocket client that drives it as a
browser tab does (`wsclient`), a throwaway PostgreSQL server (`pg_local`) and hostile course
files (`hostile`). The tests import them as `tests.support.NAME` (pytest puts the repository
root on the path, pyproject.toml); the benchmarks put the root on `sys.path` first."""
