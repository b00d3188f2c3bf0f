"""Streamlit's search for installed components keeps its answers with the quick first look in
front of it (course/app/component_scan.py): every installed distribution gets the answer
Streamlit's own test gives, a distribution that never mentions Streamlit is passed over without
its metadata being parsed, and one named like a component still reaches Streamlit's test."""

from __future__ import annotations

import importlib.metadata

import pytest
from streamlit.components.v2 import manifest_scanner

from course.app import component_scan

STREAMLIT_TEST = manifest_scanner._is_likely_streamlit_component_package


@pytest.fixture
def quick(monkeypatch):
    """The quick filter installed for one test, with the calls that reach Streamlit's test."""
    asked = []

    def counted(dist):
        asked.append(dist.metadata["Name"])
        return STREAMLIT_TEST(dist)

    monkeypatch.setattr(manifest_scanner, "_is_likely_streamlit_component_package", counted)
    assert component_scan.quick_component_filter()
    assert component_scan.quick_component_filter()      # a second install changes nothing
    return manifest_scanner._is_likely_streamlit_component_package, asked


def fake_distribution(tmp_path, name: str, summary: str, requires: list[str]):
    info = tmp_path / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0", f"Summary: {summary}",
             *(f"Requires-Dist: {r}" for r in requires)]
    (info / "METADATA").write_text("\n".join(lines) + "\n\nA long description.\n", encoding="utf-8")
    return importlib.metadata.PathDistribution(info)


def test_every_installed_distribution_gets_streamlits_own_answer(quick):
    likely, asked = quick
    installed = list(importlib.metadata.distributions())
    assert len(installed) > 20
    assert [likely(d) for d in installed] == [STREAMLIT_TEST(d) for d in installed]
    names = {d.metadata["Name"].lower() for d in installed}
    assert "streamlit" in {n.lower() for n in asked}         # it mentions Streamlit: Streamlit's test decides
    assert "pytest" in names and "pytest" not in {n.lower() for n in asked}    # never parsed
    assert len(asked) < len(installed) / 2


@pytest.mark.parametrize("name, summary, requires, found", [
    ("st-cards", "Cards drawn as cards", [], True),             # Streamlit's test takes "st-" names
    ("cards", "A widget for Streamlit apps", [], True),
    ("cards", "Cards", ["streamlit>=1.40"], True),
    ("cards", "Cards", ["pyyaml"], False),
    ("stats-tools", "Statistics", [], False),
])
def test_a_distribution_is_passed_over_only_when_streamlits_test_would_refuse_it(quick, tmp_path, name, summary,
                                                                                   requires, found):
    likely, asked = quick
    dist = fake_distribution(tmp_path, name, summary, requires)
    assert STREAMLIT_TEST(dist) is found
    assert likely(dist) is found
    assert (name in asked) is found                           # refused without a parse


def test_the_components_found_are_the_same(quick):
    with_quick = manifest_scanner.scan_component_manifests()
    manifest_scanner._is_likely_streamlit_component_package = STREAMLIT_TEST
    assert manifest_scanner.scan_component_manifests() == with_quick
