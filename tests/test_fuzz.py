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
@given(start=st.sampled_from(SEEDS), ops=OPS)
def test_the_command_line_ends_with_a_verdict_or_one_error_line(start, ops, tmp_path):
    problem = fuzz.check_cli(fuzz.apply_ops(start[1], ops), str(tmp_path))
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
def test_the_starting_inputs_are_valid(name, data):
    assert fuzz.check_read(data) is None
    assert read_deal(data.decode("utf-8")) is not None
