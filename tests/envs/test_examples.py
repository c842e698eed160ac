"""Every script in examples/ runs in its --smoke mode; those whose dependencies are missing are skipped."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SRC = Path(__file__).resolve().parents[2] / "src"
NEEDS = {
    "reinforce_options.py": (),
    "maskable_ppo.py": ("sb3_contrib",),
    "openspiel_mcts.py": ("pyspiel",),
    "ray_tournament.py": ("ray",),
}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(NEEDS)


@pytest.mark.parametrize("script", sorted(NEEDS))
def test_example_smoke(script: str) -> None:
    missing = [m for m in NEEDS[script] if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"{script} needs {', '.join(missing)}, not installed here")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
           "RAY_ADDRESS": ""}
    done = subprocess.run([sys.executable, str(EXAMPLES / script), "--smoke"], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "win" in done.stdout
