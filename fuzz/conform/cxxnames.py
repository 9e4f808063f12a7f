# SPDX-License-Identifier: MIT
"""cxxnames.py - the function in a demangled C++ name (part of fxt-conform;
Python 3 standard library).

Sanitizer frames and assertion messages name a C++ function by its whole
demangled signature: return type, namespaces, template arguments, operator
names, the parameter list and its qualifiers, lambdas, "(anonymous
namespace)", gcc's "[with T = ...]". Spaces and colons occur anywhere in it,
so neither "the first word" nor "up to the first colon" finds the function.
function_name() walks the name with a bracket depth instead:

  long fxt::readValue<long>(fxt::DecodeState&, unsigned long)  -> fxt::readValue<long>
  fxt::(anonymous namespace)::peek(fxt::DecodeState const&, unsigned long)
                                            -> fxt::(anonymous namespace)::peek
  auto main(int, char **)::(anonymous class)::operator()(int) const
                                            -> main(int, char **)::(anonymous class)::operator()
  std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type)
      [with _Tp = int; ...]                 -> std::vector<_Tp, _Alloc>::operator[]
  bool operator<(const Key&, const Key&)    -> operator<
  main(int, char**)::<lambda(int)>          (unchanged: gcc's lambda has no parameter list)
"""

import re

_OPEN = {"(": ")", "<": ">", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}
# operator names whose characters are brackets: "operator<<", "operator()", ...
_OPERATOR_RE = re.compile(r"operator\s*(?:<=>|<<=|>>=|->\*|<<|>>|<=|>=|->|\(\)|\[\]|<|>|"
                          r"(?:new|delete)(?:\[\])?)")
# trailing parts that are not the function: qualifiers, gcc's template bindings,
# clone notes ("[clone .cold]"), ABI tags are kept (part of the name)
_TRAILER_RE = re.compile(r"(?:\s+(?:const|volatile|noexcept|&&|&)|\s+\[(?:with|clone) [^\]]*\])+$")


def _scan(name):
    """(position, character, depth before it) of each character of NAME,
    an operator token counted as one word at its depth."""
    depth, i, out = 0, 0, []
    while i < len(name):
        m = _OPERATOR_RE.match(name, i)
        if m and (i == 0 or not (name[i - 1].isalnum() or name[i - 1] == "_")):
            for j in range(i, m.end()):
                out.append((j, "o", depth))
            i = m.end()
            continue
        c = name[i]
        if c in _OPEN:
            out.append((i, c, depth))
            depth += 1
        elif c in _CLOSE:
            depth = max(depth - 1, 0)
            out.append((i, c, depth))
        else:
            out.append((i, c, depth))
        i += 1
    return out


def function_name(name):
    """The qualified function in demangled C++ NAME: without return type,
    parameter list, qualifiers and gcc's "[with ...]" / "[clone ...]". A plain
    C name comes back unchanged."""
    name = _TRAILER_RE.sub("", name.strip())
    chars = _scan(name)
    end = len(name)
    # the parameter list: the last top-level "(...)" that closes the name
    if name.endswith(")") and chars and chars[-1][2] == 0:
        depth0_open = [p for p, c, d in chars if c == "(" and d == 0]
        if depth0_open:
            end = depth0_open[-1]
    # the return type ends at the last top-level space before the name, a
    # space inside an operator name ("operator new") not counted
    # (from the last top-level "operator" if there is one: "operator unsigned long")
    limit = end
    for m in re.finditer(r"\boperator\b", name[:end]):
        if chars[m.start()][2] == 0:
            limit = m.start()
    start = 0
    for p, c, d in chars:
        if p >= limit:
            break
        if c == " " and d == 0:
            start = p + 1
    return name[start:end].strip() or name
