package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
)

// browser opens links with the [ui] browser setting, else $BROWSER, else
// xdg-open (open on macOS). The setting is a list of commands separated
// by ":", the first installed one runs; each is split into words as sh
// would without running one, "%s" replaced by the link ("%%" is a %),
// else the link appended. A terminal browser gets the terminal through
// exec until it exits, and the reader redraws; any other runs detached.
type browser struct {
	setting    string
	inTerminal bool
	ctx        context.Context
	exec       func(*exec.Cmd, tea.ExecCallback) tea.Cmd
}

// terminalBrowsers are the browsers that draw on the terminal, by the
// name of their program.
var terminalBrowsers = map[string]bool{
	"lynx": true, "w3m": true, "elinks": true, "links": true, "links2": true, "browsh": true,
}

// browserRun is a browser command ready to run on one link.
type browserRun struct {
	args     []string
	terminal bool
}

// list is the command list in force.
func (b browser) list() string {
	if b.setting != "" {
		return b.setting
	}
	if env := os.Getenv("BROWSER"); env != "" {
		return env
	}
	if runtime.GOOS == "darwin" {
		return "open"
	}
	return "xdg-open"
}

// command returns the first command of the list that is installed, set
// to open u, once config.CheckProgram allows its program.
func (b browser) command(u string) (browserRun, error) {
	list := b.list()
	var first error
	for _, c := range strings.Split(list, ":") {
		if strings.TrimSpace(c) == "" {
			continue
		}
		args, err := config.SplitArgs(c)
		if err == nil {
			if err = config.CheckProgram(args[0]); err != nil {
				return browserRun{}, err
			}
			if _, err = exec.LookPath(args[0]); err == nil {
				return browserRun{args: withLink(args, u), terminal: b.inTerminal || terminalBrowsers[filepath.Base(args[0])]}, nil
			}
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = errors.New("the list is empty")
	}
	return browserRun{}, fmt.Errorf("no browser of %s runs: %w", oneLine(list), first)
}

// withLink puts u where the arguments say %s, else after them.
func withLink(args []string, u string) []string {
	out := make([]string, len(args))
	placed := false
	for i, a := range args {
		if i > 0 && strings.Contains(a, "%s") {
			placed = true
		}
		if i > 0 {
			a = strings.NewReplacer("%s", u, "%%", "%").Replace(a)
		}
		out[i] = a
	}
	if !placed {
		out = append(out, u)
	}
	return out
}

// open opens u in a Cmd: a terminal browser through exec, which hands it
// the terminal, any other started and left to run.
func (b browser) open(u string) tea.Cmd {
	return func() tea.Msg { // the checks read the file system: not in Update
		run, err := b.command(u)
		if err != nil {
			return actionMsg{status: "open link", err: fmt.Errorf("open %s: %w", u, err)}
		}
		return b.run(run, u)()
	}
}

// openWith opens u with one command (a macro's open-with: step), split
// and placed as a command of the browser list is, its program checked
// by config.CheckProgram.
func (b browser) openWith(command, u string) tea.Cmd {
	return func() tea.Msg { // the check reads the file system: not in Update
		args, err := config.SplitArgs(command)
		if err == nil {
			err = config.CheckProgram(args[0])
		}
		if err != nil {
			return actionMsg{status: "open link", err: fmt.Errorf("open %s: %w", u, err)}
		}
		return b.run(browserRun{args: withLink(args, u), terminal: terminalBrowsers[filepath.Base(args[0])]}, u)()
	}
}

// run runs a browser command made for u.
func (b browser) run(run browserRun, u string) tea.Cmd {
	done := func(err error) tea.Msg {
		if err != nil {
			return actionMsg{status: "open link", err: fmt.Errorf("%s %s: %w", run.args[0], u, err)}
		}
		return actionMsg{status: "opened " + u}
	}
	if run.terminal {
		return b.exec(exec.CommandContext(b.ctx, run.args[0], run.args[1:]...), done)
	}
	return func() tea.Msg {
		cmd := exec.Command(run.args[0], run.args[1:]...)
		if err := cmd.Start(); err != nil {
			return done(err)
		}
		go cmd.Wait()
		return done(nil)
	}
}
