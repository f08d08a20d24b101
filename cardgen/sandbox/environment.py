"""The bounded sandbox: Jinja's immutable sandbox, with every loop, call and growing operation counted.

Where the count happens:

* loops -- each ``{% for %}`` iterates through :meth:`BoundedSandbox.loop_items` (the code
  generator wraps the loop's iterable), a recursive loop's ``loop(...)`` too; each step counts;
* calls -- macros, methods, ``range()`` (at most :data:`~cardgen.sandbox.budget.MAX_RANGE` numbers),
  ``lipsum()``; a string method that pads or repeats (``center``, ``ljust``, ``replace``, ``join``
  ...) is refused before it runs if its result could not fit;
* operators -- all arithmetic is intercepted (so none is folded at compile time):
  ``'x' * 10**13``, a list multiplied, ``a + b`` of two long strings, ``2 ** 10**9``, a
  ``'%999999999d' % 1`` format are refused before they run; ``~`` joins likewise;
* filters -- each is wrapped with its size estimate (:func:`cardgen.sandbox.sizes.filter_size`);
  ``str.format`` fields by their widths;
* output -- every printed value and every piece of template text counts, in macros and
  ``{% set %}`` blocks too; each include, import and extends is a step.

A render over its budget ends with :class:`~cardgen.sandbox.budget.TemplateLimit` naming the
template's line; so does a Python error the template's own code causes (a division by zero, a
macro that calls itself for ever, an integer too long to print), which was a traceback.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable, Iterator

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import LoopContext, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from cardgen.sandbox import budget
from cardgen.sandbox.budget import MAX_INT_BITS, MAX_RANGE, TemplateLimit
from cardgen.sandbox.sizes import filter_size, method_size, printf_size, spec_size, weight, weights

GROWING_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "replace", "join", "translate"})


class BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator, with the hooks of :class:`BoundedSandbox` written into the template's code."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        node.iter = nodes.Call(nodes.EnvironmentAttribute("loop_items"), [node.iter], [], None, None,
                               lineno=node.iter.lineno)
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.join_parts(context, (")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write("))")

    def _output_const_repr(self, group: Iterable[Any]) -> str:
        return f"environment.template_text({super()._output_const_repr(group)})"

    def _step_before(self, visit: Callable[[Any, Frame], None], node: Any, frame: Frame) -> None:
        self.writeline("environment.count_step()", node)
        visit(node, frame)

    def visit_Include(self, node: nodes.Include, frame: Frame) -> None:
        self._step_before(super().visit_Include, node, frame)

    def visit_Import(self, node: nodes.Import, frame: Frame) -> None:
        self._step_before(super().visit_Import, node, frame)

    def visit_FromImport(self, node: nodes.FromImport, frame: Frame) -> None:
        self._step_before(super().visit_FromImport, node, frame)

    def visit_Extends(self, node: nodes.Extends, frame: Frame) -> None:
        self._step_before(super().visit_Extends, node, frame)


class BoundedTemplate(jinja2.Template):
    """A template whose :meth:`render` has a :class:`~cardgen.sandbox.budget.Budget`."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        """The rendered text; over the budget, or on an error of the template's own code, a
        :class:`TemplateLimit` naming the template's line."""
        token = budget.begin()
        try:
            return super().render(*args, **kwargs)
        except TemplateLimit as exc:
            raise _located(exc, exc) from None
        except RecursionError as exc:
            raise _located(TemplateLimit("nested too deeply: a macro, loop or include that calls itself?"),
                           exc) from None
        except (ArithmeticError, ValueError, TypeError, MemoryError) as exc:   # 'a' * 'b', 1 < 'a' ...
            raise _located(TemplateLimit(f"{type(exc).__name__}: {exc}"), exc) from None
        finally:
            budget.end(token)


def _located(error: TemplateLimit, cause: BaseException) -> TemplateLimit:
    """``error`` with the template file and line of the innermost template frame of ``cause``'s traceback
    (Jinja rewrites the traceback so that template frames carry the template's name and line)."""
    tb = cause.__traceback__
    while tb is not None:
        if "__jinja_exception__" in tb.tb_frame.f_globals:
            error.filename, error.lineno = tb.tb_frame.f_code.co_filename, tb.tb_lineno
        tb = tb.tb_next
    return error


class _Counted:
    """A ``str.format`` formatter whose every field is checked against the budget before it is made."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        spent = budget.current()
        spent.check(spec_size(format_spec, value))
        text = super().format_field(value, format_spec)  # type: ignore[misc]
        spent.spend(len(text))
        return text


class _Formatter(_Counted, SandboxedFormatter):
    pass


class _EscapeFormatter(_Counted, SandboxedEscapeFormatter):
    pass


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox within a budget; see the module docstring."""

    code_generator_class = BoundedCodeGenerator
    template_class = BoundedTemplate
    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

    def __init__(self, **options: Any) -> None:
        super().__init__(finalize=printed, **options)
        self.globals.update(range=bounded_range, lipsum=bounded_lipsum)
        self.filters.update((name, bounded_filter(name, function)) for name, function in self.filters.items())

    def count_step(self) -> None:
        """One include, import or extends."""
        budget.current().step()

    def loop_items(self, iterable: Iterable[Any]) -> Iterator[Any]:
        """The items of a loop, each one a step."""
        spent = budget.current()
        for item in iterable:
            spent.step()
            yield item

    def template_text(self, text: str) -> str:
        """A piece of the template's own text, as it is printed."""
        budget.current().spend(len(text))
        return text

    def join_parts(self, context: Any, parts: tuple) -> str:
        """``a ~ b``: refused before it is made if it would not fit."""
        budget.current().spend(weights(*parts))
        return markup_join(parts) if context.eval_ctx.autoescape else str_join(parts)

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        """Arithmetic, refused before it runs where its result could not fit."""
        spent = budget.current()
        spent.step()
        spent.check(binop_size(operator_, left, right))
        result = self.binop_table[operator_](left, right)
        if isinstance(result, (str, bytes, list, tuple)):
            spent.spend(weight(result))
        return result

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """A call: a step; a string method that grows its string is refused where its result could not fit."""
        spent = budget.current()
        spent.step()
        if isinstance(__obj, LoopContext) and args:          # a recursive loop's loop(items)
            args = (__self.loop_items(args[0]), *args[1:])
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, (str, bytes)) and getattr(__obj, "__name__", "") in GROWING_METHODS:
            spent.check(method_size(owner, __obj.__name__, args, kwargs))
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(owner, (str, bytes)) and isinstance(result, (str, bytes)):
            spent.spend(len(result))
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``str.format`` and ``format_map`` as Jinja's sandbox has them, each field checked (:class:`_Counted`)."""
        original = super().wrap_str_format(value)
        if original is None:
            return None
        owner = value.__self__
        formatter = _EscapeFormatter(self, escape=owner.escape) if isinstance(owner, Markup) else _Formatter(self)
        as_map = value.__name__ == "format_map"

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if as_map and (kwargs or len(args) != 1):
                return original(*args, **kwargs)           # Jinja's own TypeError
            if as_map:
                return type(owner)(formatter.vformat(owner, (), args[0]))
            return type(owner)(formatter.vformat(owner, args, kwargs))
        return functools.update_wrapper(wrapper, value)


def printed(value: Any) -> Any:
    """Every ``{{ value }}``, counted before it is turned into text (Jinja's ``finalize``)."""
    budget.current().spend(weight(value))
    return value


def binop_size(operator_: str, left: Any, right: Any) -> int:
    """The characters ``left OPERATOR right`` can make; an integer over :data:`MAX_INT_BITS` is refused."""
    ints = isinstance(left, int) and isinstance(right, int)
    if operator_ == "*" and ints and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"an integer of more than {MAX_INT_BITS:,} bits")
    if operator_ == "**" and ints and right > 0 and abs(left) > 1 and (right > MAX_INT_BITS
                                                                       or left.bit_length() * right > MAX_INT_BITS):
        raise TemplateLimit(f"an integer of more than {MAX_INT_BITS:,} bits")
    if operator_ == "*":
        times, repeated = (left, right) if isinstance(left, int) else (right, left)
        if isinstance(times, int) and isinstance(repeated, (str, bytes, list, tuple)):
            return max(times, 0) * weight(repeated)
    if operator_ == "+" and isinstance(left, (str, bytes, list, tuple)):
        return weights(left, right)
    if operator_ == "%" and isinstance(left, str):
        return printf_size(left, right)
    return 0


def bounded_range(*args: int) -> range:
    """``range()`` of at most :data:`MAX_RANGE` numbers."""
    numbers = range(*args)
    try:
        count = len(numbers)
    except OverflowError:
        count = MAX_RANGE + 1
    if count > MAX_RANGE:
        raise TemplateLimit(f"range() of more than {MAX_RANGE:,} numbers")
    return numbers


def bounded_lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002
    """Jinja's ``lipsum()``, refused where ``n`` paragraphs of ``max`` words could not fit."""
    budget.current().check(n * max * 16)
    return generate_lorem_ipsum(n, html, min, max)


def bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """The filter ``function``, refused before it runs where its result could not fit
    (:func:`cardgen.sandbox.sizes.filter_size`); its result counted."""
    skip = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0   # context, eval context or env

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        spent = budget.current()
        spent.step()
        spent.check(filter_size(name, args[skip:], kwargs))
        result = function(*args, **kwargs)
        if isinstance(result, (str, list, tuple)):
            spent.spend(weight(result))
        return result
    return bounded
