"""WTForms' input widgets with their attributes written by plain string formatting.

WTForms writes each attribute of a rendered field through ``Markup.format`` (a
``string.Formatter`` in Python, per attribute): a table's list page took about a sixth longer
that way (bench/README.md, *Form inputs*). :func:`html_params` writes the same text: the names and
values escaped, a double quote in a value given as ``&quot;``, sorted by name; ``True`` gives
the bare name, ``False`` leaves the attribute out. WTForms' input widgets take the function
that writes their attributes from their class (``Input.html_params``), so
:func:`faster` gives every form's fields (``Form.Meta.bind_field``) the same widget with
this function; the other widgets are kept as they are.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from markupsafe import Markup, escape
from wtforms import widgets
from wtforms.widgets.core import clean_key

__all__ = ["faster", "html_params"]


def html_params(**kwargs: object) -> Markup:
    """The attributes ``kwargs`` as HTML, exactly as ``wtforms.widgets.html_params`` writes
    them (tests/app/test_app_widgets.py)."""
    params = []
    for key, value in sorted(kwargs.items()):
        name = str(escape(clean_key(key)))
        if value is True:
            params.append(name)
        elif value is not False:
            text = str(escape(value)).replace('"', "&quot;")
            params.append(f'{name}="{text}"')
    return Markup(" ".join(params))


class _Faster:
    html_params = staticmethod(html_params)


#: Each input widget class of WTForms and its copy that writes attributes with
#: :func:`html_params` (a subclass: everything else stays WTForms' own).
_CLASSES: dict[type[Any], type[Any]] = {
    kind: type(kind.__name__, (_Faster, kind), {"__module__": __name__})
    for kind in (
        widgets.CheckboxInput,
        widgets.DateInput,
        widgets.FileInput,
        widgets.HiddenInput,
        widgets.NumberInput,
        widgets.PasswordInput,
        widgets.RadioInput,
        widgets.SubmitInput,
        widgets.TextInput,
    )
}


@functools.lru_cache(maxsize=1024)
def faster(widget: Any) -> Any:
    """``widget`` with its attributes written by :func:`html_params`: a copy of it of the
    faster class, or ``widget`` itself if none is known. Made once per widget object (WTForms'
    fields share one widget object per field class; a widget is hashed by its identity)."""
    kind = _CLASSES.get(type(widget))
    if kind is None:
        return widget
    fast = copy.copy(widget)
    fast.__class__ = kind
    return fast
