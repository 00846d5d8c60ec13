"""Compile the bundled templates ahead of time, as the wheel's build does, into a source checkout.

    python tools/compile_templates.py [--out DIR]

Writes ``compiled_templates/`` at the project root (ignored by git), which the program uses in
place of compiling each template on every run, for each template whose source and Jinja settings
are still the ones it was compiled from (see ``lit_compliance/output/compiled_templates.py``).
Checks first that it compiles exactly as the program's own environment would.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "compiled_templates")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from lit_compliance.output.compiled_templates import (compile_folder, compiler_environment, signature,
                                                          typst_compiler_environment)
    from lit_compliance.output.render import environment
    from lit_compliance.output.typeset import typst_environment

    env = compiler_environment(ROOT / "templates")
    typst_env = typst_compiler_environment(ROOT / "templates")
    if signature(env) != signature(environment()) or signature(typst_env) != signature(typst_environment()):
        raise SystemExit("the compiler's environment differs from the program's (OPTIONS, FILTERS or TYPST_FILTERS "
                         "in lit_compliance/output/compiled_templates.py); nothing compiled")
    names = compile_folder(ROOT / "templates", args.out, env, typst_env)
    print(f"compiled {len(names)} templates into {args.out}")


if __name__ == "__main__":
    main()
