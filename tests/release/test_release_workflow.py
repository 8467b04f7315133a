"""Issue 18: the release workflow (.github/workflows/release.yml), read as data.

A version tag builds on Windows, macOS and Linux with the pinned Python and requirements, runs
the tests before the build, smoke-runs the built program itself (every game), packages it with
its checksum and attaches the three packages to one release.  The linters (actionlint, zizmor)
run here when they are installed (requirements-dev.txt; .ci/run runs them too).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "tools"))

import release_info  # noqa: E402
import smoke  # noqa: E402


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _on(workflow: dict) -> dict:
    return workflow.get("on", workflow.get(True))   # YAML 1.1 reads a bare `on` as true


def _steps(job: dict) -> list[dict]:
    return job["steps"]


def _index(steps: list[dict], pattern: str) -> int:
    """The index of the one step whose run: script matches ``pattern``."""
    found = [i for i, step in enumerate(steps) if re.search(pattern, step.get("run", ""))]
    assert len(found) == 1, f"expected one step running {pattern!r}, found {len(found)}"
    return found[0]


def test_a_version_tag_starts_it_and_nothing_else(workflow):
    assert _on(workflow) == {"push": {"tags": ["v*"]}}


def test_matrix_builds_on_windows_macos_and_linux_each_its_own_program(workflow):
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
    by_system = {row["system"]: row for row in matrix}
    assert set(by_system) == {"linux", "macos", "windows"}
    assert by_system["linux"]["os"].startswith("ubuntu-")
    assert by_system["macos"]["os"].startswith("macos-")
    assert by_system["windows"]["os"].startswith("windows-")
    # What build.spec makes on each system (see its header).
    assert by_system["linux"]["program"] == "dist/BurrowBox"
    assert by_system["windows"]["program"] == "dist/BurrowBox.exe"
    assert by_system["macos"]["program"] == "dist/BurrowBox.app/Contents/MacOS/BurrowBox"
    assert workflow["jobs"]["build"]["runs-on"] == "${{ matrix.os }}"


def test_the_pinned_python_and_the_pinned_requirements(workflow):
    steps = _steps(workflow["jobs"]["build"])
    setup = [s for s in steps if s.get("uses", "").startswith("actions/setup-python@")]
    assert len(setup) == 1 and setup[0]["with"] == {"python-version-file": ".python-version"}
    pinned = (ROOT / ".python-version").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"3\.\d+(\.\d+)?", pinned), pinned
    assert f"tested with {pinned}" in (ROOT / "README.md").read_text(encoding="utf-8")
    install = steps[_index(steps, r"pip install -r requirements-dev\.txt")]
    assert install
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines() + \
            (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-r"):
            assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][A-Za-z0-9.]*", line), \
                f"not pinned: {line}"


def test_tests_run_before_the_build_then_smoke_then_package(workflow):
    steps = _steps(workflow["jobs"]["build"])
    tag = _index(steps, r"tools/package\.py check-tag")
    install = _index(steps, r"pip install -r requirements-dev\.txt")
    tests = _index(steps, r"python -m pytest")
    build = _index(steps, r"pyinstaller .*build\.spec")
    smoke_run = _index(steps, r"tools/smoke\.py \"\$PROGRAM\"")
    package = _index(steps, r"tools/package\.py \"\$SYSTEM\"")
    upload = next(i for i, s in enumerate(steps)
                  if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert tag < install < tests < build < smoke_run < package < upload
    assert "--deselect" not in steps[tests]["run"] and " -k " not in steps[tests]["run"]


def test_the_smoke_run_covers_every_game_with_the_program_itself():
    """tools/smoke.py runs --version, a screenshot and a simulated game of every game."""
    catalog = yaml.safe_load((ROOT / "data" / "games.yaml").read_text(encoding="utf-8"))
    assert smoke.game_ids() == [g["id"] for g in catalog["games"]]
    assert len(smoke.game_ids()) == 5
    source = (ROOT / "tools" / "smoke.py").read_text(encoding="utf-8")
    for call in ('run("--version")', 'run("screenshot", game', 'run("simulate", game',
                 '"play", "--exit-after-first-frame"'):
        assert call in source, call
    assert "[str(program), *args]" in source, "the smoke run must start the built program"


def test_linux_job_installs_the_tarball_and_starts_it_from_its_menu_entry(workflow):
    steps = _steps(workflow["jobs"]["build"])
    i = _index(steps, r"install\.sh")
    assert steps[i]["if"] == "matrix.system == 'linux'"
    assert "desktop-file-utils" in steps[i]["run"]
    assert "check-linux-install" in steps[i]["run"]
    assert i > _index(steps, r"tools/package\.py \"\$SYSTEM\"")


def test_release_job_checks_sums_and_attaches_three_packages(workflow):
    job = workflow["jobs"]["release"]
    assert job["needs"] == "build"
    assert job["permissions"] == {"contents": "write"}
    script = "\n".join(s.get("run", "") for s in job["steps"])
    assert "sha256sum -c" in script and "SHA256SUMS.txt" in script
    create = re.search(r"gh release create (.*)", script, re.S).group(1)
    names = release_info.artifact_names("X")
    for system, name in names.items():
        pattern = name.replace("X", "*")
        assert pattern in create, f"{system} package {pattern} is not attached"
    assert "--verify-tag" in create and "--notes-file release-notes.md" in create
    assert '--title "Burrow Box ${TAG#v}"' in create


def test_least_privilege_pinned_actions_and_no_persisted_token(workflow):
    assert workflow["permissions"] == {}
    assert workflow["jobs"]["build"]["permissions"] == {"contents": "read"}
    text = WORKFLOW.read_text(encoding="utf-8")
    uses = re.findall(r"uses:\s*(\S+)(.*)", text)
    assert uses
    for ref, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), f"not pinned by commit: {ref}"
        assert re.search(r"#\s*v\d+", comment), f"{ref}: say which version the commit is"
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False
    # No expression is pasted into a shell script (template injection): values go through env.
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            assert "${{" not in step.get("run", ""), step.get("name")


@pytest.mark.parametrize("tool,args", [
    ("actionlint", []),
    ("zizmor", ["--offline", "--no-progress"]),
])
def test_linters_pass(tool, args):
    exe = shutil.which(tool) or (str(Path(sys.executable).parent / tool)
                                 if (Path(sys.executable).parent / tool).exists() else None)
    if not exe:
        pytest.skip(f"{tool} is not installed (pip install -r requirements-dev.txt)")
    proc = subprocess.run([exe, *args, str(WORKFLOW)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
