"""bench/archive_recheck.py, which re-decides an archive's deals with Solvitaire, run
against a stand-in for Solvitaire's command line: the deal check, the reading of its
verdicts, the resumable output and the report of a disagreement.  The archive is the
committed draw-1 archive of results/, read only."""
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).parent.parent
SCRIPT = ROOT / "bench" / "archive_recheck.py"
ARCHIVE = ROOT / "results" / "solvitaire-draw1"

# Solvitaire's command line as the script calls it: --deal-only prints deal N in its
# JSON (columns longest first, stock with the last card to turn first, 10 for T);
# --classify prints its comma-separated result line.  The verdict is the archive's,
# but for the numbers named in FAKE_WRONG (said the other way) and FAKE_SLOW (timed
# out); FAKE_OTHER_DEAL prints another deal.
FAKE = textwrap.dedent('''\
    import json, os, sys
    sys.path.insert(0, os.environ["KS_ROOT"])
    import kabalsolve
    from kabalsolve.archive import read_archive
    from kabalsolve.cards import card_str
    args = sys.argv[1:]
    n = int(args[args.index("--random") + 1])
    def word(c):
        s = card_str(c)
        return "10" + s[1:] if s[0] == "T" else s
    if "--deal-only" in args:
        d = kabalsolve.numbered_deal("solvitaire", n + (n == int(os.environ.get("FAKE_OTHER_DEAL", "0"))))
        print(json.dumps({"tableau piles": [[word(c) for c in col] for col in reversed(d.tableau)],
                          "foundations": ["", "", "", ""],
                          "stock": [word(c) for c in reversed(d.stock)], "waste": ""}))
        sys.exit(0)
    assert args[args.index("--type") + 1] == "klondike-deal-1"
    assert args[args.index("--streamliners") + 1] == "smart-solvability"
    v = read_archive(os.environ["KS_ARCHIVE"]).verdict(n)
    wrong = {int(x) for x in os.environ.get("FAKE_WRONG", "").split(",") if x}
    slow = {int(x) for x in os.environ.get("FAKE_SLOW", "").split(",") if x}
    if n in wrong:
        v = "lost" if v == "won" else "won"
    w = "timed-out" if n in slow else {"won": "solved", "lost": "unsolvable"}[v]
    print("%d, %s, 3, 100, 50, 99, 1, 0, 49, 53, 80, 80, %s" % (n, w, w))
    ''')


def run(tmp_path, *args, ours=False, numbers="1-60", **env):
    fake = tmp_path / "solvitaire"
    fake.write_text("#!%s\n%s" % (sys.executable, FAKE))
    fake.chmod(0o755)
    e = dict(os.environ, KS_ROOT=str(ROOT), KS_ARCHIVE=str(ARCHIVE), **env)
    return subprocess.run([sys.executable, str(SCRIPT), str(ARCHIVE), "--numbers", numbers,
                           "--solvitaire", str(fake), "--won", "2", "--lost", "2"]
                          + ([] if ours else ["--no-ours"]) + list(args),
                          capture_output=True, text=True, env=e, cwd=tmp_path)


def numbers(out):
    return [int(line.split("\t")[0]) for line in out.read_text().splitlines()
            if line and not line.startswith("#")]


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the committed draw-1 archive")
def test_agreement_timeouts_and_resume(tmp_path):
    out = tmp_path / "recheck.tsv"
    r = run(tmp_path, "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "| won | 2 | 2 | 0 | 0 |" in r.stdout
    assert "| lost | 2 | 2 | 0 | 0 |" in r.stdout
    sampled = numbers(out)
    assert len(sampled) == 4 and all(1 <= n <= 60 for n in sampled)
    # the same seed draws the same sample: a second run finds every number done
    r = run(tmp_path, "--out", str(out), FAKE_SLOW=str(sampled[0]))
    assert r.returncode == 0 and "4 already re-decided" in r.stdout
    assert numbers(out) == sampled
    # a timed-out peer is undecided, not an agreement
    r = run(tmp_path, FAKE_SLOW=str(sampled[0]))
    assert r.returncode == 0
    assert "| 0 | 1 |" in r.stdout


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the committed draw-1 archive")
def test_the_sample_is_solved_again_by_kabalsolve(tmp_path):
    # numbers 1-21: their lost deals (1 and 15) are quick to prove again
    r = run(tmp_path, ours=True, numbers="1-21")
    assert r.returncode == 0, r.stderr
    assert "kabalsolve again on the 2 won deals, CPU: median " in r.stdout
    assert "kabalsolve again on the 2 lost deals, CPU: median " in r.stdout
    assert "kabalsolve now" not in r.stdout


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the committed draw-1 archive")
def test_a_disagreement_is_settled_and_fails(tmp_path):
    out = tmp_path / "recheck.tsv"
    run(tmp_path, "--out", str(out))
    from kabalsolve.archive import read_archive
    arch = read_archive(str(ARCHIVE))
    won = [n for n in numbers(out) if arch.verdict(n) == "won"][0]
    r = run(tmp_path, FAKE_WRONG=str(won))
    assert r.returncode == 1
    assert "| won | 2 | 1 | 1 | 0 |" in r.stdout
    assert ("deal %d: archive won, peer lost; kabalsolve wins it again" % won) in r.stdout


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the committed draw-1 archive")
def test_another_deal_under_the_same_number_is_refused(tmp_path):
    out = tmp_path / "recheck.tsv"
    run(tmp_path, "--out", str(out))
    n = numbers(out)[1]
    r = run(tmp_path, FAKE_OTHER_DEAL=str(n))
    assert r.returncode != 0
    assert "Solvitaire's deal %d is not kabalsolve's solvitaire:%d" % (n, n) in r.stderr


def test_a_missing_binary_is_one_error_line(tmp_path):
    r = subprocess.run([sys.executable, str(SCRIPT), str(ARCHIVE), "--solvitaire",
                        str(tmp_path / "nowhere")], capture_output=True, text=True)
    assert r.returncode == 2
    assert "Solvitaire's binary not found" in r.stderr
