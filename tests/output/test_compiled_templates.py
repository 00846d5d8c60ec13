"""Templates compiled ahead of time (lit_compliance/output/compiled_templates.py): used only when
compiled from the same source in the same environment, and then printing the same bytes."""
from __future__ import annotations

import shutil

import jinja2

from lit_compliance.load.resources import data_dir
from lit_compliance.output.compiled_templates import (OPTIONS, CompiledLoader, compile_folder, compiler_environment,
                                                      escaped, module_file, signature, typst_compiler_environment)
from lit_compliance.output.render import environment
from lit_compliance.output.text_safety import finalize
from lit_compliance.output.typeset import typst_environment, typst_finalize

CONTEXT = {"root": "", "title": "A <title> & more", "crumbs": [{"href": "index.html", "text": "Catalogue"}],
           "t": {"title": "Topic", "description": "What <b> says", "columns": [], "rows": []}}


def _environment(templates, compiled) -> jinja2.Environment:
    """An environment like the program's, reading templates from ``templates`` and compiled ones
    from ``compiled``."""
    env = jinja2.Environment(loader=CompiledLoader(str(templates), compiled), undefined=jinja2.StrictUndefined,
                             autoescape=escaped, finalize=finalize, **OPTIONS)
    env.filters.update(environment().filters)
    return env


def _copy(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(data_dir("templates"), templates)
    return templates


def test_the_build_compiles_in_the_programs_environment():
    assert signature(compiler_environment(data_dir("templates"))) == signature(environment())
    assert signature(typst_compiler_environment(data_dir("templates"))) == signature(typst_environment())
    assert signature(typst_environment()) != signature(environment())


def _typst_environment(templates, compiled) -> jinja2.Environment:
    """An environment like the program's Typst one (PDF output), reading from ``templates`` and ``compiled``."""
    env = jinja2.Environment(loader=CompiledLoader(str(templates), compiled), undefined=jinja2.StrictUndefined,
                             autoescape=False, finalize=typst_finalize, **OPTIONS)
    env.filters.update(typst_environment().filters)
    return env


def test_a_compiled_typst_template_prints_what_its_source_prints(tmp_path):
    """The PDF templates are compiled in their own environment: a value is still printed literal
    (a ruleset's ``#`` or ``<`` never becomes Typst code), as from the source."""
    templates = _copy(tmp_path)
    names = compile_folder(templates, tmp_path / "compiled")
    assert {"placard.typ.j2", "par/par.typ.j2", "par/section.typ.j2", "hold/hold.typ.j2"} <= set(names)
    (templates / "probe.typ.j2").write_text('#let x = {{ s|typst_string }}\n[{{ v }}] {{ n }} {{ none }}\n')
    compile_folder(templates, tmp_path / "compiled")
    compiled = _typst_environment(templates, tmp_path / "compiled")
    plain = _typst_environment(templates, None)
    template = compiled.get_template("probe.typ.j2")
    assert template.filename == str(tmp_path / "compiled" / module_file("probe.typ.j2"))
    context = {"s": 'say "hi"\n', "v": "#panic(<x>)", "n": 2.5, "none": None}
    out = template.render(**context)
    assert out == plain.get_template("probe.typ.j2").render(**context)
    assert out == '#let x = "say \\"hi\\"\\n"\n[\\#panic\\(\\<x\\>\\)] 2.5 none\n'


def test_a_compiled_template_prints_what_its_source_prints(tmp_path):
    templates = _copy(tmp_path)
    names = compile_folder(templates, tmp_path / "compiled")
    assert "site/home.html.j2" in names and "par/par.html.j2" in names
    compiled = _environment(templates, tmp_path / "compiled")
    plain = _environment(templates, None)
    for name in ("site/topic.html.j2", "site/base.html.j2"):
        template = compiled.get_template(name)
        assert template.filename == str(tmp_path / "compiled" / module_file(name))
        assert plain.get_template(name).filename == str(templates / name)
        assert template.render(**CONTEXT) == plain.get_template(name).render(**CONTEXT)
    assert "A &lt;title&gt; &amp; more" in compiled.get_template("site/topic.html.j2").render(**CONTEXT)


def test_a_compiled_template_whose_source_changed_is_not_used(tmp_path):
    templates = _copy(tmp_path)
    compile_folder(templates, tmp_path / "compiled")
    page = templates / "site" / "topic.html.j2"
    page.write_text(page.read_text().replace("{% block content %}", "{% block content %}<p>edited</p>"))
    template = _environment(templates, tmp_path / "compiled").get_template("site/topic.html.j2")
    assert template.filename == str(page)
    assert "<p>edited</p>" in template.render(**CONTEXT)


def test_a_template_compiled_in_another_environment_is_not_used(tmp_path):
    templates = _copy(tmp_path)
    other = compiler_environment(templates)
    other.filters["extra"] = lambda value: value   # the compiler knew another set of filters
    compile_folder(templates, tmp_path / "compiled", other)
    template = _environment(templates, tmp_path / "compiled").get_template("site/topic.html.j2")
    assert template.filename == str(templates / "site" / "topic.html.j2")
