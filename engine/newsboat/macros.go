package newsboat

import (
	"fmt"
	"strings"
)

// Macro is an entry of tidings' [macros] table: the key typed after ","
// and its steps (action names, "pipe:COMMAND", "set:KEY=VALUE").
type Macro struct {
	Line  int
	Key   string
	Steps []string
}

// macroSettings maps the newsboat settings a macro may set to tidings'
// ("set:browser=…").
var macroSettings = map[string]string{"browser": "browser"}

// translateMacro translates `macro KEY COMMAND [ARGS] [; COMMAND …] [--
// "DESCRIPTION"]`. Every command must translate: a macro that does part
// of its work would surprise.
func translateMacro(line int, actions []Action, args []string) (Macro, error) {
	if len(args) < 2 {
		return Macro{}, fmt.Errorf("want macro KEY COMMAND [; COMMAND…]")
	}
	key, err := TranslateKey(args[0])
	if err != nil {
		return Macro{}, err
	}
	m := Macro{Line: line, Key: key}
	for _, cmd := range macroCommands(args[1:]) {
		step, err := translateStep(actions, cmd)
		if err != nil {
			return Macro{}, err
		}
		m.Steps = append(m.Steps, step)
	}
	if len(m.Steps) == 0 {
		return Macro{}, fmt.Errorf("the macro has no command")
	}
	return m, nil
}

// macroCommands splits a macro's words at ";" into commands, up to "--"
// (the description).
func macroCommands(words []string) [][]string {
	var out [][]string
	var cur []string
	for _, w := range words {
		if w == "--" {
			break
		}
		end := w != ";" && strings.HasSuffix(w, ";")
		if w = strings.TrimSuffix(w, ";"); w != "" {
			cur = append(cur, w)
		}
		if w == "" || end {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// translateStep translates one command of a macro.
func translateStep(actions []Action, cmd []string) (string, error) {
	switch op := cmd[0]; {
	case op == "pipe-to" && len(cmd) == 2:
		return "pipe:" + cmd[1], nil
	case op == "set" && len(cmd) == 3:
		name, ok := macroSettings[cmd[1]]
		if !ok {
			return "", fmt.Errorf("set %s: a tidings macro cannot set it", cmd[1])
		}
		value := cmd[2]
		if name == "browser" {
			var err error
			if value, err = translateBrowser(value); err != nil {
				return "", fmt.Errorf("set browser: %w", err)
			}
		}
		return "set:" + name + "=" + value, nil
	case len(cmd) == 1:
		for _, name := range operations[op] {
			for _, a := range actions {
				if a.Name == name {
					return name, nil
				}
			}
		}
		return "", fmt.Errorf("newsboat's %s has no tidings action", op)
	default:
		return "", fmt.Errorf("%s: a tidings macro cannot do it", strings.Join(cmd, " "))
	}
}

// translateBrowser turns newsboat's browser command into tidings' [ui]
// browser: newsboat's %u is tidings' %s. tidings runs it without a shell
// and reads ":" as a separator of commands, so a command that needs a
// shell or holds a ":" does not translate.
func translateBrowser(cmd string) (string, error) {
	if strings.TrimSpace(cmd) == "" {
		return "", fmt.Errorf("no command")
	}
	if strings.Contains(cmd, ":") {
		return "", fmt.Errorf(`tidings reads ":" in a browser setting as a separator of commands`)
	}
	if strings.ContainsAny(cmd, "|&;<>()$`\n") {
		return "", fmt.Errorf("tidings runs the browser without a shell, and this command needs one")
	}
	return strings.NewReplacer("%u", "%s", "%s", "%%s", "%%", "%%%%").Replace(cmd), nil
}
