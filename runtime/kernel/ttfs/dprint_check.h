// SPDX-License-Identifier: Apache-2.0
//
// The compile-time checks of a DPRINT / DEVICE_PRINT format string, with
// tt-metal's rules and its messages: a format is a string literal of
// replacement fields in fmt's syntax,
//   "{" [index] [":" [[fill]align][sign]["#"]["0"][width]["." precision]["L"][type]] "}"
// with {{ and }} for braces, type one of a A b B c d e E f F g G o p s x X ?.
// The fields are all {} (as many as there are arguments) or all {N}
// (every argument used, no index past the last). ttfs::fmt_print
// (api/debug/dprint.h) reads the same grammar at run time. Kernels never
// include this directly.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace ttfs {
namespace fmtcheck {

enum Kind { CHAR, ESCAPE, FIELD, BAD };

struct Token {
	Kind kind;
	size_t end;   // where the next token starts
	int index;    // a field's {N}, -1 for {}
};

constexpr bool digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool align(char c) { return c == '<' || c == '>' || c == '^'; }
constexpr bool type_char(char c)
{
	for (char t : "aAbBcdeEfFgGopsxX?")
		if (t && c == t)
			return true;
	return false;
}

template <size_t N>
constexpr Token token(const char (&f)[N], size_t i)
{
	const size_t n = N - 1;

	if (f[i] == '{' && i + 1 < n && f[i + 1] == '{')
		return { ESCAPE, i + 2, -1 };
	if (f[i] == '}' && i + 1 < n && f[i + 1] == '}')
		return { ESCAPE, i + 2, -1 };
	if (f[i] != '{')
		return { CHAR, i + 1, -1 };
	Token t{ BAD, ++i, -1 };
	if (i < n && digit(f[i]))
		for (t.index = 0; i < n && digit(f[i]); i++)
			t.index = t.index * 10 + (f[i] - '0');
	if (i < n && f[i] == ':') {
		i++;
		if (i < n && align(f[i]))
			i++;
		else if (i + 1 < n && f[i] != '{' && f[i] != '}' && align(f[i + 1]))
			i += 2;
		if (i < n && (f[i] == '+' || f[i] == '-' || f[i] == ' '))
			i++;
		if (i < n && f[i] == '#')
			i++;
		if (i < n && f[i] == '0')
			i++;
		while (i < n && digit(f[i]))
			i++;
		if (i + 1 < n && f[i] == '.' && digit(f[i + 1]))
			for (i++; i < n && digit(f[i]); i++) {
			}
		if (i < n && f[i] == 'L')
			i++;
		if (i < n && type_char(f[i]))
			i++;
	}
	if (i < n && f[i] == '}') {
		t.kind = FIELD;
		i++;
	}
	t.end = i;
	return t;
}

template <size_t N>
constexpr bool valid(const char (&f)[N])
{
	for (size_t i = 0; i < N - 1; i = token(f, i).end)
		if (token(f, i).kind == BAD)
			return false;
	return true;
}

// Fields counted: those with an index, those without.
template <size_t N>
constexpr size_t fields(const char (&f)[N], bool with_index)
{
	size_t count = 0;
	for (size_t i = 0; i < N - 1; i = token(f, i).end) {
		Token t = token(f, i);
		if (t.kind == FIELD && (t.index >= 0) == with_index)
			count++;
	}
	return count;
}

template <size_t N>
constexpr bool indexed(const char (&f)[N]) { return fields(f, true) > 0; }

template <size_t N>
constexpr bool mixed(const char (&f)[N]) { return fields(f, true) > 0 && fields(f, false) > 0; }

template <size_t N>
constexpr size_t count(const char (&f)[N]) { return fields(f, false); }

template <size_t N>
constexpr size_t max_index(const char (&f)[N])
{
	size_t top = 0;
	for (size_t i = 0; i < N - 1; i = token(f, i).end) {
		Token t = token(f, i);
		if (t.kind == FIELD && t.index >= 0 && static_cast<size_t>(t.index) > top)
			top = static_cast<size_t>(t.index);
	}
	return top;
}

template <size_t N>
constexpr bool all_referenced(const char (&f)[N], size_t nargs)
{
	for (size_t a = 0; a < nargs; a++) {
		bool used = false;
		for (size_t i = 0; i < N - 1 && !used; i = token(f, i).end) {
			Token t = token(f, i);
			used = t.kind == FIELD && t.index == static_cast<int>(a);
		}
		if (!used)
			return false;
	}
	return true;
}

}  // namespace fmtcheck

// Calls f with copies of the arguments, so that volatile and packed
// fields print as values.
template <typename F, typename... Args>
__attribute__((always_inline)) inline void fmt_invoke(F f, Args... args)
{
	f(args...);
}

}  // namespace ttfs

// tt-metal's static_asserts, with its messages.
#define TTFS_FMT_CHECKS(fmt, nargs)                                                                    \
	static_assert(::ttfs::fmtcheck::valid(fmt),                                                    \
		      "Invalid format string: unescaped '{' must be followed by '{', '}', or a digit"); \
	static_assert(!::ttfs::fmtcheck::mixed(fmt),                                                   \
		      "Cannot mix indexed ({0}) and non-indexed ({}) placeholders in the same format string"); \
	static_assert(!::ttfs::fmtcheck::indexed(fmt) || ::ttfs::fmtcheck::max_index(fmt) < (nargs), \
		      "Placeholder index exceeds number of arguments");                                  \
	static_assert(!::ttfs::fmtcheck::indexed(fmt) || ::ttfs::fmtcheck::all_referenced(fmt, (nargs)), \
		      "All arguments must be referenced when using indexed placeholders");               \
	static_assert(::ttfs::fmtcheck::indexed(fmt) || ::ttfs::fmtcheck::count(fmt) == (nargs),      \
		      "Number of {} placeholders must match number of arguments")
