"""Hypothesis mutates valid inputs of every format (bench/fuzz.py's mutations) and
checks that every reader reads them or refuses them with a DealError or OptionError,
and that the command line ends with a verdict or one clean error line.  Bounded to
about half a minute; ``python bench/fuzz.py`` runs far more before a release."""
import importlib.util
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kabalsolve.dealfile import read_deal

_spec = importlib.util.spec_from_file_location(
    "kabalsolve_fuzz", pathlib.Path(__file__).parent.parent / "bench" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

SEEDS = fuzz.seeds()
OPS = st.lists(st.tuples(st.integers(0, fuzz.OPS - 1), st.integers(0, 1 << 20),
                         st.sampled_from(fuzz.SPLICES) | st.text(max_size=6)),
               min_size=1, max_size=4)


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(start=st.sampled_from(SEEDS), ops=OPS)
def test_every_reader_reads_or_refuses_cleanly(start, ops):
    problem = fuzz.check_read(fuzz.apply_ops(start[1], ops))
    assert problem is None, problem


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.sampled_from(SEEDS), ops=OPS,
       which=st.integers(0, len(fuzz.COMMANDS) - 1))
def test_the_command_line_ends_with_a_verdict_or_one_error_line(start, ops, which,
                                                                 tmp_path):
    """Every command (fuzz.COMMANDS: solve, hint, show, play, batch, batch --resume,
    stats, generate), the mutated input as its file or as an option's value."""
    problem = fuzz.check_cli(fuzz.apply_ops(start[1], ops), str(tmp_path), which)
    assert problem is None, problem


@pytest.mark.parametrize("which", range(len(fuzz.COMMANDS)),
                         ids=[" ".join(c[:2]) for c in fuzz.COMMANDS])
def test_every_command_with_a_standard_stream_closed(which, tmp_path):
    """Each command once on a mutated input with standard output closed, and reading
    a closed standard input: a child process each, so one input per command."""
    start = SEEDS[which % len(SEEDS)]
    data = fuzz.apply_ops(start[1], [(1, 7 * which + 3, fuzz.SPLICES[which])])
    problem = fuzz.check_streams(data, str(tmp_path), which)
    assert problem is None, problem


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text(max_size=300))
def test_any_text_is_a_deal_or_a_deal_error(text):
    from kabalsolve.errors import KabalError
    try:
        read_deal(text if any(ch in text for ch in "\n:{") else text + "\n")
    except KabalError:
        pass


@pytest.mark.parametrize("name,data", SEEDS, ids=[n for n, _ in SEEDS])
def test_the_starting_inputs_are_valid(name, data, tmp_path):
    assert fuzz.check_read(data) is None
    if name == "results":
        from kabalsolve.results import summarise
        path = tmp_path / "r.jsonl"
        path.write_bytes(data)
        assert [g.n for g in summarise([str(path)])] == [1, 1, 1]
    else:
        assert read_deal(data.decode("utf-8")) is not None
