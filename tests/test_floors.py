"""Every floor that pyproject.toml sets (build requirements, dependencies, the test
extra) is pinned at that very version in .ci/oldest-constraints.txt, which CI installs
to run the command-line tests with the oldest versions allowed: a floor raised in one
file and not the other would leave the oldest versions untested."""
import pathlib
import re

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")

ROOT = pathlib.Path(__file__).parent.parent


def _version(text):
    parts = [int(p) for p in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _name(text):
    return re.sub(r"[-_.]+", "-", text).lower()


def floors():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    specs = (project["build-system"]["requires"] + project["project"]["dependencies"]
             + project["project"]["optional-dependencies"]["test"])
    out = {}
    for spec in specs:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", spec)
        assert m, "a requirement without a plain floor: %r" % spec
        out[_name(m.group(1))] = _version(m.group(2))
    return out


def pins():
    out = {}
    for line in (ROOT / ".ci" / "oldest-constraints.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            out[_name(name)] = _version(version)
    return out


def test_every_floor_is_pinned_for_the_oldest_versions_run():
    assert floors() == pins()
