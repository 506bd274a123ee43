package config

import (
	"errors"
	"fmt"
)

// SplitArgs splits one simple command into its program and arguments as
// /bin/sh would, without running a shell: quotes and backslashes are
// removed, and "~/" and $HOME expanded. A command that holds more than one
// command, a redirection or an assignment, or whose words cannot be known
// without running it (another variable, a glob, $( ), backquotes), is
// an error, as is an empty one.
func SplitArgs(command string) ([]string, error) {
	toks, err := lexShell(command)
	if err != nil {
		return nil, fmt.Errorf("cannot split %q: %w", oneLine(command), err)
	}
	var args []string
	for _, t := range toks {
		var why string
		switch {
		case t.op != "":
			why = "it holds " + t.op
		case t.redirect:
			why = "it redirects"
		case t.assign && len(args) == 0:
			why = "it sets a variable"
		case t.unknown != "":
			why = "it uses " + t.unknown
		}
		if why != "" {
			return nil, fmt.Errorf("cannot split %q: %s", oneLine(command), why)
		}
		args = append(args, t.text)
	}
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	return args, nil
}
