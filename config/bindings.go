package config

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Bindings are the keys of the reader's actions (TOML table "keys"):
// [keys] binds an action in every context it is used in, a context's
// table ([keys.reader]) in that context only, over [keys]. An empty list
// unbinds.
type Bindings struct {
	// Keys are [keys]: action name → keys. [Default] holds every action
	// of [Actions] with its default keys; a file changes those it names.
	Keys map[string][]string
	// Contexts are the context tables: context → action → keys, only the
	// actions a file names there.
	Contexts map[KeyContext]map[string][]string
}

// defaultBindings binds every action to its default keys.
func defaultBindings() Bindings {
	b := Bindings{Keys: map[string][]string{}, Contexts: map[KeyContext]map[string][]string{}}
	for _, a := range actions {
		b.Keys[a.Name] = slices.Clone(a.Keys)
	}
	return b
}

// In returns the keys in force of every action used in ctx: the context's
// table, else [keys], else the default.
func (b Bindings) In(ctx KeyContext) map[string][]string {
	out := map[string][]string{}
	for _, a := range actions {
		if !a.UsedIn(ctx) {
			continue
		}
		keys, ok := b.Contexts[ctx][a.Name]
		if !ok {
			keys, ok = b.Keys[a.Name]
		}
		if !ok {
			keys = a.Keys
		}
		out[a.Name] = slices.Clone(keys)
	}
	return out
}

// clone copies b deeply.
func (b Bindings) clone() Bindings {
	out := Bindings{Keys: map[string][]string{}, Contexts: map[KeyContext]map[string][]string{}}
	for a, ks := range b.Keys {
		out.Keys[a] = slices.Clone(ks)
	}
	for c, m := range b.Contexts {
		out.Contexts[c] = map[string][]string{}
		for a, ks := range m {
			out.Contexts[c][a] = slices.Clone(ks)
		}
	}
	return out
}

// bindingsFile is b as the file schema holds [keys]: action → keys, and
// context → table.
func bindingsFile(b Bindings) map[string]any {
	out := map[string]any{}
	for a, ks := range b.Keys {
		out[a] = anyStrings(ks)
	}
	for c, m := range b.Contexts {
		t := map[string]any{}
		for a, ks := range m {
			t[a] = anyStrings(ks)
		}
		out[string(c)] = t
	}
	return out
}

func anyStrings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// keysKey is the dotted key of an action in a context's table ("" for
// [keys]).
func keysKey(ctx KeyContext, action string) string {
	if ctx == "" {
		return formatKey([]string{keyKeys, action})
	}
	return formatKey([]string{keyKeys, string(ctx), action})
}

// Keys of the key and macro tables.
const (
	keyKeys   = "keys"
	keyMacros = "macros"
)

// bindingsFromFile converts the decoded [keys] table, reporting values of
// the wrong type.
func bindingsFromFile(m map[string]any) (Bindings, []*Error) {
	b := Bindings{Keys: map[string][]string{}, Contexts: map[KeyContext]map[string][]string{}}
	var errs []*Error
	for name, v := range m {
		if slices.Contains(KeyContexts(), KeyContext(name)) {
			t, ok := v.(map[string]any)
			if !ok {
				errs = append(errs, &Error{Key: formatKey([]string{keyKeys, name}), Msg: "wrong type: want a table of action = [keys]"})
				continue
			}
			ctx := KeyContext(name)
			b.Contexts[ctx] = map[string][]string{}
			for a, kv := range t {
				ks, err := stringList(kv)
				if err != nil {
					errs = append(errs, &Error{Key: keysKey(ctx, a), Msg: err.Error()})
					continue
				}
				b.Contexts[ctx][a] = normalized(ks)
			}
			continue
		}
		ks, err := stringList(v)
		if err != nil {
			errs = append(errs, &Error{Key: keysKey("", name), Msg: err.Error()})
			continue
		}
		b.Keys[name] = normalized(ks)
	}
	return b, errs
}

// stringList is a decoded array of strings.
func stringList(v any) ([]string, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("wrong type: want %s", arrayOfStrings)
	}
	out := make([]string, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, fmt.Errorf("wrong type: every element must be a string")
		}
		out[i] = s
	}
	return out, nil
}

// validateBindings checks the action names, the key names and that no key
// does two things in one context. present reports whether the file sets a key (nil:
// none known), to blame a conflict on what the person wrote.
func validateBindings(v *validator, b Bindings, macros map[string][]MacroStep, present func(string) bool) {
	before := len(v.errs)
	for _, name := range slices.Sorted(maps.Keys(b.Keys)) {
		if _, ok := action(name); !ok {
			v.add(keysKey("", name), "", "no such action; tidings config --default lists them")
			continue
		}
		normalizeKeys(v, keysKey("", name), b.Keys[name])
	}
	for _, ctx := range KeyContexts() {
		m := b.Contexts[ctx]
		for _, name := range slices.Sorted(maps.Keys(m)) {
			a, ok := action(name)
			switch {
			case !ok:
				v.add(keysKey(ctx, name), "", "no such action; tidings config --default lists them")
				continue
			case !a.UsedIn(ctx):
				v.add(keysKey(ctx, name), "", fmt.Sprintf("%s is not used in the %s (only in the %s)", name, ctx, contextNames(a.Contexts)))
				continue
			}
			normalizeKeys(v, keysKey(ctx, name), m[name])
		}
	}
	if len(v.errs) == before {
		for _, ctx := range KeyContexts() {
			conflicts(v, b, ctx, len(macros) > 0, present)
		}
	}
}

// normalizeKeys checks a list of key names.
func normalizeKeys(v *validator, key string, keys []string) {
	for _, k := range keys {
		if _, err := NormalizeKey(k); err != nil {
			v.add(key, strconv.Quote(k), err.Error())
		}
	}
}

// normalized is keys with each valid name as Bubble Tea names the key
// ("space" is " "); the others are left for validation to report.
func normalized(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k
		if n, err := NormalizeKey(k); err == nil {
			out[i] = n
		}
	}
	return out
}

// MacroPrefix is the key macros are typed after, as newsboat's.
const MacroPrefix = ","

// conflicts reports a key bound to two actions of ctx (or to one and the
// macro prefix), blaming the setting written last of those the file
// sets.
func conflicts(v *validator, b Bindings, ctx KeyContext, prefix bool, present func(string) bool) {
	in := b.In(ctx)
	owner := map[string]string{}
	if prefix && ctx != ContextDialogs {
		owner[MacroPrefix] = "the macro prefix"
	}
	if ctx == ContextReader {
		for d := '0'; d <= '9'; d++ {
			owner[string(d)] = "typing a link's number"
		}
	}
	for _, a := range actions {
		for _, k := range in[a.Name] {
			other, taken := owner[k]
			if !taken {
				owner[k] = a.Name
				continue
			}
			if other == a.Name {
				continue
			}
			blame, with := a.Name, other
			if present != nil && !written(b, ctx, a.Name, present) && written(b, ctx, other, present) {
				blame, with = other, a.Name
			}
			msg := fmt.Sprintf("the %s has this key for %s already", ctx, with)
			if _, isAction := action(with); isAction {
				msg += fmt.Sprintf(" (unbind it: %s = [], or pick another key)", with)
			}
			v.add(settingKey(b, ctx, blame), strconv.Quote(keyLabel(k)), msg)
		}
	}
}

// written reports whether the file binds action for ctx.
func written(b Bindings, ctx KeyContext, name string, present func(string) bool) bool {
	return present(keysKey(ctx, name)) || present(keysKey("", name))
}

// settingKey is the dotted key that binds action in ctx.
func settingKey(b Bindings, ctx KeyContext, name string) string {
	if _, ok := b.Contexts[ctx][name]; ok {
		return keysKey(ctx, name)
	}
	return keysKey("", name)
}

// keysAllowed is the allowed values of the key tables, for `tidings
// config` and the manual.
const keysAllowed = `Bubble Tea's key names: a character ("n", "N", "/"), "ctrl+n", "alt+j", "shift+tab", "enter", "esc", "backspace", "tab", "up", "pgdown", "home", "f5", "space" and the like; [] unbinds`

// keysMeaning introduces the [keys] table.
func keysMeaning() string {
	var cs []string
	for _, c := range KeyContexts() {
		cs = append(cs, "[keys."+string(c)+"]")
	}
	return "The keys of the reader's actions. [keys] binds an action wherever it is used; " +
		strings.Join(cs[:len(cs)-1], ", ") + " or " + cs[len(cs)-1] +
		" (the screens over the panes: help, health, statistics, rules) bind it in that context only, over [keys]. " +
		"A key bound to two actions of one context stops tidings, as does an unknown action."
}
