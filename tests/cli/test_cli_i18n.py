"""The terminal in Portuguese and French (issue #20): `play`, `replay --board` and `--help`
follow `--lang` or LC_ALL / LC_MESSAGES / LANG; `--json` is the same in every language."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import language
from ludoteca.cli.main import app
from ludoteca.core import i18n

runner = CliRunner()
BAG = ["-o", 'bag=["base:U","base:E","base:V","base:A","base:K"]']

PLAY = {
    "pt-BR": ["Fim de jogo", "Registro de pontuação", "compra base:", "Coloque o tile", "Colocar em (",
              "o norte fica em cima", "tiles restantes no saco", "salvo em", "pontos"],
    "fr": ["Partie terminée", "Journal des décomptes", "pioche base:", "Posez la tuile", "Poser en (",
           "le nord est en haut", "tuiles restantes dans le sac", "sauvegardé dans", "points"],
}
ENGLISH = ["Game over", "Scoring log", "draws base:", "north is up", "tiles left in the bag", "saved to",
           "your choice"]


def _play(tmp_path: Path, *args: str, env: dict[str, str] | None = None):
    command = [*args, "play", "carcassonne", "--seed", "3", "--record-dir", str(tmp_path), *BAG]
    return runner.invoke(app, command, input="1\n" * 40, env=env)


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_play_speaks_the_language_asked_for(tmp_path: Path, lang: str) -> None:
    result = _play(tmp_path, "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    assert [s for s in PLAY[lang] if s not in out] == []
    assert [s for s in ENGLISH if s in out] == []


def test_play_follows_the_locale_variables(tmp_path: Path) -> None:
    french = _play(tmp_path / "a", env={"LANG": "fr_FR.UTF-8"})
    assert french.exit_code == 0 and "Partie terminée" in french.output
    portuguese = _play(tmp_path / "b", env={"LANG": "fr_FR.UTF-8", "LC_ALL": "pt_BR.UTF-8"})
    assert "Fim de jogo" in portuguese.output  # LC_ALL comes first
    english = _play(tmp_path / "c", "--lang", "en", env={"LC_ALL": "pt_BR.UTF-8"})
    assert "Game over" in english.output  # --lang wins over the locale
    records = [json.loads(next((tmp_path / d).glob("*.json")).read_text()) for d in "abc"]
    assert records[0]["actions"] == records[1]["actions"] == records[2]["actions"]  # notation unchanged


def test_replay_board_in_french_and_json_in_none(tmp_path: Path) -> None:
    assert _play(tmp_path).exit_code == 0
    (record,) = tmp_path.glob("*.json")
    board = runner.invoke(app, ["--lang", "fr", "replay", str(record), "--board"])
    assert board.exit_code == 0
    assert "Journal des décomptes" in board.stdout and "terminée\u00a0: oui" in board.stdout
    assert "rouge" in board.stdout and "bleu" in board.stdout  # the seats' colours
    outputs = {runner.invoke(app, ["--lang", lang, "replay", str(record), "--json"]).stdout
               for lang in ("en", "pt-BR", "fr")}
    assert len(outputs) == 1 and json.loads(outputs.pop())["terminal"] is True


@pytest.mark.parametrize(("args", "expected"), [
    (["--lang", "pt-BR", "--help"], "Motores fiéis e rápidos"),
    (["--lang=fr", "play", "--help"], "Joue une partie dans le terminal"),
    (["replay", "--help"], "Rejoue l’enregistrement d’une partie"),  # from LANG below
])
def test_help_is_translated(args: list[str], expected: str) -> None:
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "COLUMNS": "120"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    code = "import sys; from ludoteca.cli.main import app; sys.argv[0] = 'ludoteca'; app()"
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert expected in " ".join(result.stdout.split())


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt-BR"), ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "C"}, "en"),
    ({"LC_ALL": "fr_FR", "LANG": "pt_BR"}, "fr"), ({}, "en"), ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_locale_variables_in_posix_order(environ: dict[str, str], lang: str) -> None:
    assert language.from_environment(environ) == lang
    assert language.from_argv(["play", "--lang", "fr"], environ) == "fr"


def test_lang_after_the_command_too(tmp_path: Path) -> None:
    command = ["play", "carcassonne", "--seed", "3", "--record-dir", str(tmp_path), *BAG, "--lang", "pt-BR"]
    result = runner.invoke(app, command, input="1\n" * 40, env={"LANG": "fr_FR.UTF-8"})
    assert result.exit_code == 0 and "Fim de jogo" in result.output
    (record,) = tmp_path.glob("*.json")
    board = runner.invoke(app, ["replay", str(record), "--board", "--lang", "fr"])
    assert "Journal des décomptes" in board.stdout


COMMANDS = ["", "play", "simulate", "replay", "serve", "agents", "bench", "fit-value", "tournament",
            "analyse"]


def _help(*args: str, env: dict[str, str] | None = None, columns: int = 120) -> str:
    """`ludoteca ARGS` in a fresh process (the help texts are written at import), locale from `env`."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update({"COLUMNS": str(columns), "LANG": "C.UTF-8", **(env or {})})
    code = "import sys; from ludoteca.cli.main import app; sys.argv[0] = 'ludoteca'; app()"
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=environ,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _flat(text: str) -> str:
    """The help page's words without the panels' borders and the line breaks (no-break spaces kept)."""
    return re.sub(r"[ \n]+", " ", text.replace("│", " ")).strip()


def test_tournament_help_in_portuguese() -> None:
    out = _flat(_help("--lang", "pt-BR", "tournament", "--help"))
    assert "Uso: ludoteca tournament [OPÇÕES] {game}" in out
    for text in ["╭─ Argumentos ", "╭─ Opções ", "Disputa um torneio entre robôs", "Partidas por confronto.",
                 "[obrigatório]", "[padrão: 1]", "[padrão: local]", "Onde as partidas rodam: local ou ray.",
                 "Semente base (padrão: aleatória; sempre informada).", "Mostra esta ajuda e sai.",
                 "'mcts:time=1,c=0.7,greedy'",
                 "Com --out: salva o registro de cada partida em OUT/records/."]:
        assert text in out, text
    for english in ["Usage", "Arguments", "Options", "[required]", "[default:", "Games per match-up",
                    "Base seed", "Show this message", "Play a tournament", "Where games run"]:
        assert english not in out, english


def test_serve_help_in_french_from_lang() -> None:
    out = _flat(_help("serve", "--help", env={"LANG": "fr_FR.UTF-8"}))
    for text in ["Utilisation\u00a0: ludoteca serve [OPTIONS]", "╭─ Options ", "Port TCP.",
                 "[par défaut\u00a0: 8000]", "[par défaut\u00a0: 127.0.0.1]", "Affiche cette aide et quitte.",
                 "Lance le serveur de jeux\u00a0: la table en ligne sur /", "Adresse d’écoute",
                 "Proxys inverses de confiance pour X-Forwarded-For (p. ex. 127.0.0.1)."]:
        assert text in out, text
    for english in ["Usage", "TCP port", "[default:", "Show this message", "Address to listen on",
                    "Run the game server", "Database URL"]:
        assert english not in out, english


def test_help_in_english_stays_as_it_was() -> None:
    out = _flat(_help("--lang", "en", "tournament", "--help", env={"LC_ALL": "pt_BR.UTF-8"}))
    for text in ["Usage: ludoteca tournament [OPTIONS] {game}", "╭─ Arguments ", "╭─ Options ", "[required]",
                 "Games per match-up.", "[default: 1]", "Show this message and exit.",
                 "Play a tournament between bots: seats rotated, seeds paired, win rates with 95% CIs, "
                 "ratings."]:
        assert text in out, text
    assert "Partidas" not in out and "obrigatório" not in out
    top = _flat(_help("--lang", "en", "--help"))
    assert "Usage: ludoteca [OPTIONS] COMMAND [ARGS]..." in top and "╭─ Commands " in top


@pytest.mark.parametrize("lang", ["pt-BR", "fr"])
def test_no_english_help_text_is_left(lang: str) -> None:
    """Every command's --help page, unwrapped: each help text of the English catalog that the
    language words differently is absent, and each of its own help texts is there."""
    english, own = i18n.catalog("en"), i18n.catalog(lang)
    pages = " ".join(_flat(_help("--lang", lang, *([c] if c else []), "--help", columns=3000))
                     for c in COMMANDS)
    keys = [k for k in english if k.startswith("cli.help.") and "{" not in english[k]]
    assert len(keys) > 60
    for key in keys:
        for en, text in zip(english[key].split("\n\n"), own[key].split("\n\n"), strict=True):
            if en != text and len(en) > 8:
                assert en not in pages, key
            assert text.replace("...", "") in pages or key.endswith(("error", "aborted", "deprecated")), key
