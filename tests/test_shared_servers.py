"""Two real app processes on two ports against one real PostgreSQL server: learners answering
at the same time on both lose no attempt. Driven over the websocket, as browser tabs are."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from course.app.serve import AppServer
from course.app.wsclient import practise
from course.store import ENV_VAR, ProgressStore

DEAL = "hpd-1-bring-in-suit-tie"
TABS_PER_SERVER, ROUNDS = 3, 6


def test_two_app_processes_on_one_postgresql_lose_no_attempt(pg_url, tmp_path):
    with AppServer({ENV_VAR: pg_url}, log=tmp_path / "a.log") as first, \
            AppServer({ENV_VAR: pg_url}, log=tmp_path / "b.log") as second:
        assert first.port != second.port
        urls = [first.url, second.url] * TABS_PER_SERVER
        with ThreadPoolExecutor(len(urls)) as pool:
            runs = list(pool.map(lambda url: practise(url, DEAL, ROUNDS), urls))
    assert all(saved for run in runs for _, _, saved in run)
    verdicts = [right for run in runs for _, right, _ in run]
    assert len(verdicts) == 2 * TABS_PER_SERVER * ROUNDS
    rows = ProgressStore(pg_url).all_attempts()
    assert len(rows) == len(verdicts)                      # every checked answer is stored
    assert rows["id"].is_unique
    assert int(rows["correct"].sum()) == sum(verdicts)      # and stored as it was judged
    assert set(rows["exercise"]) == {DEAL}
