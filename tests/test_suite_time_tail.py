"""benchmarks/suite_time.py reads the run's tail from a JUnit report: how long the last xdist
worker ran on alone, and the tests it ran then."""

from __future__ import annotations

import sys

from conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import suite_time  # noqa: E402

REPORT = """<testsuites><testsuite>
<testcase classname="tests.test_a" name="test_one" time="2.0">
  <properties><property name="cpu" value="1.5"/><property name="worker" value="gw0"/>
  <property name="ended" value="1000.0"/></properties></testcase>
<testcase classname="tests.test_a" name="test_two" time="30.0">
  <properties><property name="cpu" value="29.0"/><property name="worker" value="gw1"/>
  <property name="ended" value="1025.0"/></properties></testcase>
<testcase classname="tests.test_a" name="test_three" time="4.0">
  <properties><property name="cpu" value="3.0"/><property name="worker" value="gw1"/>
  <property name="ended" value="1029.0"/></properties></testcase>
<testcase classname="tests.test_a" name="test_old" time="1.0"/>
</testsuite></testsuites>
"""


def test_the_tail_is_the_last_workers_time_alone_and_its_tests(tmp_path):
    junit = tmp_path / "junit.xml"
    junit.write_text(REPORT, encoding="utf-8")
    ends = suite_time.read_ends(junit)
    assert sorted(ends) == ["tests/test_a.py::test_one", "tests/test_a.py::test_three",
                            "tests/test_a.py::test_two"]  # the case without properties: none
    lines = suite_time.tail(ends).splitlines()
    assert lines[1].startswith("tail: gw1 ran alone for 29.0 s at the end")
    assert [line.split() for line in lines[2:]] == [["30.0", "tests/test_a.py::test_two"],
                                                    ["4.0", "tests/test_a.py::test_three"]]


def test_one_worker_has_no_tail(tmp_path):
    junit = tmp_path / "junit.xml"
    junit.write_text(REPORT.replace('value="gw1"', 'value="gw0"'), encoding="utf-8")
    assert suite_time.tail(suite_time.read_ends(junit)) == ""
