package config

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// MacroStepKind is what a step of a macro does.
type MacroStepKind string

// The kinds of macro step, by the prefix a step is written with (none for
// an action).
const (
	// StepAction does an action of [Actions], as its key would.
	StepAction MacroStepKind = "action"
	// StepPipe pipes the article to a command ("pipe:COMMAND").
	StepPipe MacroStepKind = "pipe"
	// StepOpenWith opens the item's link with a command
	// ("open-with:COMMAND").
	StepOpenWith MacroStepKind = "open-with"
	// StepSet changes a setting until the reader quits ("set:KEY=VALUE").
	StepSet MacroStepKind = "set"
)

// MacroStep is one step of a macro (TOML table "macros": a key typed
// after [MacroPrefix] → a list of steps).
type MacroStep struct {
	Kind MacroStepKind
	// Arg is the action's name, the command, or the setting's name.
	Arg string
	// Value is a setting's new value.
	Value string
}

// ParseMacroStep reads a step as written: an action name, "pipe:COMMAND",
// "open-with:COMMAND" or "set:KEY=VALUE" (KEY's "-" read as "_", as
// newsboat writes settings). Whether the action or setting
// exists is for validation.
func ParseMacroStep(s string) MacroStep {
	for _, kind := range []MacroStepKind{StepPipe, StepOpenWith, StepSet} {
		if rest, ok := strings.CutPrefix(s, string(kind)+":"); ok {
			if kind == StepSet {
				name, value, _ := strings.Cut(rest, "=")
				name = strings.ReplaceAll(strings.TrimSpace(name), "-", "_") // hide-read is hide_read
				return MacroStep{Kind: kind, Arg: name, Value: value}
			}
			return MacroStep{Kind: kind, Arg: rest}
		}
	}
	return MacroStep{Kind: StepAction, Arg: s}
}

// String writes the step as [ParseMacroStep] reads it.
func (s MacroStep) String() string {
	switch s.Kind {
	case StepAction:
		return s.Arg
	case StepSet:
		return string(s.Kind) + ":" + s.Arg + "=" + s.Value
	}
	return string(s.Kind) + ":" + s.Arg
}

// RuntimeSetting is a setting a macro's "set:" step may change until the
// reader quits.
type RuntimeSetting struct {
	// Name is written after "set:".
	Name string
	// Meaning says what it changes.
	Meaning string
	// Bool settings take "true" or "false".
	Bool bool
}

// runtimeSettings are the settings a macro can set.
var runtimeSettings = []RuntimeSetting{
	{Name: "browser", Meaning: "ui.browser"},
	{Name: "browser_in_terminal", Meaning: "ui.browser_in_terminal", Bool: true},
	{Name: "player", Meaning: "enclosures.player"},
	{Name: "hide_read", Meaning: "whether read feeds and items are hidden, as l toggles", Bool: true},
}

// RuntimeSettings returns the settings a macro's "set:" step may change.
func RuntimeSettings() []RuntimeSetting { return slices.Clone(runtimeSettings) }

// checkStep returns why a step cannot run, or "".
func checkStep(s MacroStep) string {
	switch s.Kind {
	case StepAction:
		if _, ok := action(s.Arg); !ok {
			return "no such action (tidings config --default lists them; a command is written pipe:COMMAND or open-with:COMMAND)"
		}
	case StepPipe, StepOpenWith:
		if strings.TrimSpace(s.Arg) == "" || strings.ContainsFunc(s.Arg, unicode.IsControl) {
			return "must name a command (without control characters)"
		}
		if s.Kind == StepOpenWith {
			if _, err := SplitArgs(s.Arg); err != nil {
				return err.Error()
			}
		}
	case StepSet:
		i := slices.IndexFunc(runtimeSettings, func(r RuntimeSetting) bool { return r.Name == s.Arg })
		switch {
		case i < 0:
			return fmt.Sprintf("set: %q is not a setting a macro can change (%s)", s.Arg, settingNames())
		case runtimeSettings[i].Bool && s.Value != "true" && s.Value != "false":
			return fmt.Sprintf("set:%s takes true or false", s.Arg)
		case strings.ContainsFunc(s.Value, unicode.IsControl):
			return "the value must not contain control characters"
		case s.Arg == "player" && strings.TrimSpace(s.Value) == "":
			return "set:player must name a command"
		}
	default:
		return "unknown kind of step"
	}
	return ""
}

// settingNames lists the runtime settings' names.
func settingNames() string {
	names := make([]string, len(runtimeSettings))
	for i, r := range runtimeSettings {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

// macrosFromFile converts the decoded [macros] table.
func macrosFromFile(m map[string]any) (map[string][]MacroStep, []*Error) {
	out := map[string][]MacroStep{}
	var errs []*Error
	for k, v := range m {
		steps, err := stringList(v)
		if err != nil {
			errs = append(errs, &Error{Key: formatKey([]string{keyMacros, k}), Msg: err.Error()})
			continue
		}
		name := k
		if n, err := NormalizeKey(k); err == nil {
			name = n
		}
		for _, s := range steps {
			out[name] = append(out[name], ParseMacroStep(s))
		}
		if out[name] == nil {
			out[name] = []MacroStep{}
		}
	}
	if len(out) == 0 {
		out = nil
	}
	return out, errs
}

// macrosFile is macros as the file schema holds them.
func macrosFile(macros map[string][]MacroStep) map[string]any {
	out := map[string]any{}
	for k, steps := range macros {
		ss := make([]any, len(steps))
		for i, s := range steps {
			ss[i] = s.String()
		}
		out[keyLabel(k)] = ss
	}
	return out
}

// validateMacros checks each macro's key and steps.
func validateMacros(v *validator, macros map[string][]MacroStep) {
	for _, k := range slices.Sorted(maps.Keys(macros)) {
		key := formatKey([]string{keyMacros, keyLabel(k)})
		if _, err := NormalizeKey(k); err != nil {
			v.add(key, "", "the macro's key: "+err.Error())
			continue
		}
		if len(macros[k]) == 0 {
			v.add(key, "[]", "a macro needs at least one step")
		}
		for _, s := range macros[k] {
			if why := checkStep(s); why != "" {
				v.add(key, strconv.Quote(s.String()), why)
				break
			}
		}
	}
}

// macrosAllowed is the allowed values of [macros], for `tidings config`
// and the manual.
const macrosAllowed = `a key (typed after "` + MacroPrefix + `") = a list of steps: an action's name, "pipe:COMMAND" (the article on the command's standard input, run with sh -c), "open-with:COMMAND" (the item's link appended, or put where %s is), or "set:KEY=VALUE" until the reader quits, KEY one of browser, browser_in_terminal, player, hide_read`

// macrosMeaning introduces the [macros] table.
const macrosMeaning = `Macros, as newsboat's: typing "` + MacroPrefix + `" then the macro's key runs its steps in order; the first step that fails stops it, and the status line says which and why. Example: v = ["set:browser=firefox", "open-link", "set:browser="].`
