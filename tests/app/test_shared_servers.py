"""Two real app processes on two ports against one real PostgreSQL server, in shared mode: six
learners log in through a real OpenID Connect provider (three on each process) and answer at
the same time. No attempt is lost, and each is stored under its learner's issuer and subject.
Driven over the websocket, as browser tabs are."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.support.serve import AppServer, auth_secrets, free_port
from tests.support.wsclient import log_in, practise
from course.store import ENV_VAR, ProgressStore

DEAL = "hpd-1-bring-in-suit-tie"
TABS_PER_SERVER, ROUNDS = 3, 6


def shared_server(pg_url, provider, tmp_path, name):
    port = free_port()
    secrets = auth_secrets(tmp_path / f"{name}.toml", port, provider)
    return AppServer({ENV_VAR: pg_url}, log=tmp_path / f"{name}.log", secrets=secrets,
                     host="localhost", port=port)


def test_two_app_processes_on_one_postgresql_lose_no_attempt(pg_url, provider, tmp_path):
    with shared_server(pg_url, provider, tmp_path, "a") as first, \
            shared_server(pg_url, provider, tmp_path, "b") as second:
        assert first.port != second.port
        who = [(server.url, f"learner-{n}-{server.port}")
               for n in range(TABS_PER_SERVER) for server in (first, second)]

        def learner(url_sub):
            url, sub = url_sub
            return sub, practise(url, DEAL, ROUNDS, login=log_in(url, sub))

        with ThreadPoolExecutor(len(who)) as pool:
            runs = dict(pool.map(learner, who))
    assert all(saved for run in runs.values() for _, _, saved in run)
    rows = ProgressStore(pg_url).all_attempts()
    assert len(rows) == len(who) * ROUNDS and rows["id"].is_unique
    for sub, run in runs.items():                # each learner's own, as each was judged
        mine = rows[rows["learner"] == f"{provider}#{sub}"]
        assert len(mine) == ROUNDS
        assert list(mine["correct"]) == [right for _, right, _ in run]
