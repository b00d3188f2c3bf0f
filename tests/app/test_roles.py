"""Roles by the right claim (course/app/roles.py): an e-mail entry of `[roles]` matches only an
address the provider verified, a subject entry only the subject (of its issuer, when named). A
provider subject that looks like a teacher's e-mail address is given no role."""

from __future__ import annotations

import pytest

from course.app import roles
from tests.support.apptest import ISSUER, environment, open_app

TEACHERS = {"teachers": ["tia@school.example"]}


def test_a_subject_spelt_like_a_teachers_address_is_not_a_teacher(tmp_path):
    with environment(tmp_path / "p.db"):
        at = open_app("map", login="tia@school.example", roles=TEACHERS)
        at.user = {"is_logged_in": True, "iss": ISSUER, "sub": "tia@school.example",
                   "email": "mallory@elsewhere.example", "email_verified": True, "name": "M"}
        at.run()
        assert not at.exception
        assert "Teaching" not in str(at.session_state["_app_pages"][1].keys())


def test_the_verified_address_still_makes_the_teacher(tmp_path):
    with environment(tmp_path / "p.db"):
        at = open_app("map", login="tia", roles=TEACHERS)
        at.user = {"is_logged_in": True, "iss": ISSUER, "sub": "1234",
                   "email": "Tia@School.example", "email_verified": True, "name": "Tia"}
        at.run()
        assert "teacher" in at.session_state["_app_pages"][0]


@pytest.mark.parametrize("entry, iss, sub, email, expected", [
    ("tia@school.example", ISSUER, "tia@school.example", "", False),   # a subject, not an e-mail
    ("tia@school.example", ISSUER, "x", "tia@school.example", True),
    ("1234", ISSUER, "1234", "", True),
    ("1234", ISSUER, "x", "1234", False),                               # an e-mail, not a subject
    ({"sub": "1234", "iss": ISSUER}, ISSUER, "1234", "", True),
    ({"sub": "1234", "iss": ISSUER}, "https://other.example", "1234", "", False),
    ({"sub": "tia@school.example"}, ISSUER, "tia@school.example", "", True),
    ({"email": "tia@school.example"}, ISSUER, "tia@school.example", "", False),
])
def test_each_entry_matches_only_its_own_claim(entry, iss, sub, email, expected):
    assert roles.matches(entry, iss=iss, sub=sub, verified_email=email) is expected


def test_an_entry_that_names_no_claim_is_refused_at_start():
    assert "[roles] teachers" in roles.config_problem({"teachers": [{"mail": "x@y"}]})
    assert roles.config_problem({"teachers": ["a@b", {"sub": "1", "iss": ISSUER}]}) is None
