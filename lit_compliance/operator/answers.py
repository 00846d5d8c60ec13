"""The answers ``init`` is given: each recorded under its question's key, checked as it is given,
and mapped back from a configuration's errors to the questions they concern, so only those are
asked again (:func:`keys_for_errors`). The questions themselves are :mod:`.config_builder`'s; the
prompting is the command line's; this module knows nothing of terminals."""
from __future__ import annotations

import math
import re

from ..model.vocabulary import money
from ..suggest import did_you_mean

NO_DEFAULT = object()  # a question with no default: the asker must have an answer


class BuildError(Exception):
    """An option's value the rules or the format refuse (the command line reports it as trouble)."""


class EndOfAnswers(BuildError):
    """Interactive input ended before every question was answered."""


# --- answers -------------------------------------------------------------------------------------


def amount(text, what: str = "amount") -> float | int:
    """A money amount or percentage from an answer ("$1,000", "2.50"); BuildError where it is none."""
    cleaned = str(text).replace("$", "").replace(",", "").strip()
    try:
        value = float(cleaned)
        if not math.isfinite(value) or value > 1e12:
            raise ValueError
    except ValueError:
        raise BuildError(f"{what}: {str(text)!r} is not an amount (a number such as 25 or 2.50)") from None
    if value <= 0:
        raise BuildError(f"{what}: must be more than 0")
    return int(value) if value.is_integer() else value


def amount_problem(text, floor=None, what: str = "amount") -> str | None:
    """Why ``text`` is not an acceptable amount (at least ``floor``), or None."""
    try:
        value = amount(text, what)
    except BuildError as exc:
        return str(exc).split(": ", 1)[-1]
    if floor is not None and value < floor:
        return f"{money(value)} is below the least the rules allow, {money(floor)}"
    return None


def _norm(text: str) -> str:
    return re.sub(r"[\s_\-]+", "_", str(text).strip().lower())


def match_choice(answer, choices: dict[str, str]) -> tuple[str | None, str | None]:
    """The choice id an answer names ({id: name}), ignoring case and spaces, hyphens or
    underscores, by id or by name; else (None, a problem naming the nearest and every choice)."""
    wanted = _norm(answer)
    for cid, name in choices.items():
        if wanted in (_norm(cid), _norm(name)):
            return cid, None
    spelled = {_norm(c): c for c in choices} | {_norm(n): c for c, n in choices.items() if n}
    hint = did_you_mean(wanted, spelled)
    if hint:
        near = spelled[hint.split("'")[1]]
        hint = f"; did you mean {near!r}?"
    return None, f"{str(answer).strip()!r} is not one of: {', '.join(choices)}{hint}"


class Asker:
    """Answers from options, else (interactively) from prompts, else a list of what is missing.

    Each answer is kept under its question's key; :attr:`redo` names keys to ask again (the earlier
    answer offered as the default) when the configuration is rebuilt. Subclasses prompt:
    :meth:`prompt` returns the text typed (None at the end of input), :meth:`say` shows a line.
    """

    def __init__(self, interactive: bool):
        self.interactive = interactive
        self.missing: list[str] = []
        self.answers: dict[str, object] = {}
        self.prompts: dict[str, str] = {}
        self.redo: set[str] = set()
        self.said: set[str] = set()                   # what has been said once (not again on a rebuild)
        self.figures_asked: list[tuple[str, str]] = []  # (wager, hand) of every figure asked for
        self.figures_used: set[tuple[str, str]] = set()

    # what a front end provides
    def prompt(self, text: str, default: str | None) -> str | None:  # pragma: no cover - interface
        raise NotImplementedError

    def say(self, text: str) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    # what the builder calls
    def value(self, key: str, given, option: str, prompt: str, check=None, default=NO_DEFAULT,
              default_says: str = ""):
        """An answer for ``key``: the option's value (checked), else one kept from before, else
        (interactively) the prompt's, asked again until ``check`` (returning a problem or None)
        accepts it. ``default_says`` says what the default is ("the table minimum")."""
        self.prompts[key] = prompt
        again = key in self.redo
        if given is not None and not again:
            problem = check(given) if check else None
            if problem:
                raise BuildError(f"{option} {given}: {problem}")
            self.answers[key] = given
            return given
        if key in self.answers and not again:
            return self.answers[key]
        if not self.interactive:
            if default is not NO_DEFAULT:
                return default
            self.missing.append(option)
            return None
        if again and key in self.answers:
            default = self.answers[key]
        shown = None if default is NO_DEFAULT else str(default)
        text = prompt + (f" (default: {default_says})" if default_says and not again else "")
        while True:
            answer = self.prompt(text, shown)
            if answer is None:
                raise EndOfAnswers("input ended before every question was answered; nothing written")
            if not answer.strip() and shown is not None:
                answer = shown
            problem = check(answer) if check else (None if answer.strip() or shown == "" else "an answer is needed")
            if not problem:
                self.answers[key] = answer
                self.redo.discard(key)
                return answer
            self.say(f"  {problem}; please answer again")

    def confirm(self, key: str, prompt: str, default: bool = False, check=None) -> bool:
        """A yes or no for ``key`` (``check`` may refuse a yes, saying why)."""
        def yes_no(text):
            word = str(text).strip().lower()
            if word not in ("y", "yes", "n", "no"):
                return "answer y or n"
            return check(True) if check and word.startswith("y") else None

        answer = self.value(key, None, "", f"{prompt} (y/n)", check=yes_no, default="y" if default else "n")
        return str(answer).strip().lower().startswith("y")


# --- going back --------------------------------------------------------------------------------


def path_key(path: str, data: dict) -> str:
    """A finding's configuration path (``wagers[1].maximum``) as a question key
    (``wagers.five-card-bonus.maximum``)."""
    def wager_id(m):
        i = int(m.group(1))
        entries = data.get("wagers") or []
        return f".{entries[i]['wager']}" if i < len(entries) else f".{i}"

    key = re.sub(r"^wagers\[(\d+)\]", wager_id, path or "")
    key = re.sub(r"\[\d+\].*$", "", key)
    return "" if key == "(top)" else key


def keys_for_errors(errors, data: dict, answered) -> list[str]:
    """The answered questions the errors concern, in the order they were asked: a question whose
    key is the error's place, lies within it, or holds it (a wager's whole entry concerns every
    question about it; a wager missing or forbidden concerns whether each wager is offered)."""
    out: list[str] = []
    for finding in errors:
        place = path_key(finding.path, data)
        hits = [k for k in answered if place and (k == place or k.startswith(place + ".") or place.startswith(k + "."))]
        if not hits and (not place or place == "wagers" or place.endswith(".wager")):
            hits = [k for k in answered if k.startswith("wagers.") and k.count(".") == 1]
        out += [k for k in hits if k not in out]
    order = list(answered)
    return sorted(out, key=order.index)
