package ui

import (
	"errors"
	"fmt"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
)

// macroRun is a macro running: its steps, the next one, and the status
// message that was shown when the current step began (a newer error is
// the step's failure).
type macroRun struct {
	key   string
	steps []config.MacroStep
	next  int
	errID int
	// settling is true once the current step's Cmd has given its
	// message: the next step runs when the loads it started have arrived.
	settling bool
}

// macroStepMsg comes after the Cmd of run's current step has given its
// message: the next step may run once the loads it started have arrived.
type macroStepMsg struct{ run *macroRun }

// macroKey takes the macro prefix and the key after it. Without macros
// the prefix is a key like another.
func (m *Model) macroKey(km tea.KeyMsg) (tea.Cmd, bool) {
	macros := m.opts.Config.Macros
	if len(macros) == 0 {
		return nil, false
	}
	if m.macroPrefix {
		m.macroPrefix = false
		steps, ok := macros[km.String()]
		switch {
		case ok:
			return m.startMacro(km.String(), steps), true
		case km.String() == "esc":
			m.status.clearMessage()
		default:
			m.status.set("", fmt.Errorf("no macro on %s%s", config.MacroPrefix, keyLabels([]string{km.String()})))
		}
		return nil, true
	}
	if km.String() == config.MacroPrefix {
		m.macroPrefix = true
		m.status.set("macro: type its key (esc cancels)", nil)
		return nil, true
	}
	return nil, false
}

// startMacro runs a macro's steps in order.
func (m *Model) startMacro(key string, steps []config.MacroStep) tea.Cmd {
	m.status.clearMessage()
	m.macro = &macroRun{key: key, steps: steps}
	return m.macroStep()
}

// macroStep runs the running macro's next step; the message after its
// Cmd's brings the one after.
func (m *Model) macroStep() tea.Cmd {
	run := m.macro
	if run == nil || run.next == len(run.steps) {
		m.macro = nil
		return nil
	}
	step := run.steps[run.next]
	run.next++
	run.errID = m.status.mark()
	cmd, err := m.doStep(step)
	if err != nil {
		m.macroFailed(run, err)
		return nil
	}
	return tea.Sequence(cmd, func() tea.Msg { return macroStepMsg{run} })
}

// macroStepped notes that the step's own result came; macroSettled goes
// on once its loads have come too.
func (m *Model) macroStepped(msg macroStepMsg) tea.Cmd {
	if msg.run != m.macro {
		return nil
	}
	msg.run.settling = true
	return m.macroSettled()
}

// macroSettled runs the macro's next step once the step before has given
// its result and the loads it started (the list's page, another feed's
// list n went on to, the counts) have arrived, so that the next step acts
// on what the step before selected; it stops the macro instead when an
// error came meanwhile. The root asks after every message.
func (m *Model) macroSettled() tea.Cmd {
	run := m.macro
	if run == nil || !run.settling || m.loading() {
		return nil
	}
	run.settling = false
	if text, failed := m.status.errorSince(run.errID); failed {
		m.macroFailed(run, errors.New(text))
		return nil
	}
	return m.macroStep()
}

// macroFailed stops the macro with one line: which step failed and why.
func (m *Model) macroFailed(run *macroRun, err error) {
	m.macro = nil
	step := run.steps[run.next-1]
	m.status.set(fmt.Sprintf("macro %s%s stopped at step %d (%s)", config.MacroPrefix,
		keyLabels([]string{run.key}), run.next, strconv.Quote(step.String())), err)
}

// doStep starts one step.
func (m *Model) doStep(s config.MacroStep) (tea.Cmd, error) {
	switch s.Kind {
	case config.StepAction:
		return m.pressAction(s.Arg)
	case config.StepPipe:
		it, ok := m.items.Selected()
		if !ok {
			return nil, errors.New("no item to pipe")
		}
		return pipeItem(m.opts.Context, s.Arg, m.send.pipeInput(sentOf(it))), nil
	case config.StepOpenWith:
		it, ok := m.items.Selected()
		if !ok || it.Link == "" {
			return nil, errNoLink
		}
		return m.browser.openWith(s.Arg, it.Link), nil
	case config.StepSet:
		return m.setSetting(s.Arg, s.Value)
	}
	return nil, fmt.Errorf("unknown step %q", s.String())
}

// pressAction does an action as the first key bound to it where the
// focus is would.
func (m *Model) pressAction(name string) (tea.Cmd, error) {
	km, where := m.keys.of(m.focus), string(paneContext(m.focus))
	if m.dialog != nil {
		km, where = m.keys.dialogs, string(config.ContextDialogs)
	}
	b, ok := km.binding(name)
	if !ok || !b.Enabled() || len(b.Keys()) == 0 {
		return nil, fmt.Errorf("%s has no key in the %s", name, where)
	}
	msg, ok := keyMsgOf(b.Keys()[0])
	if !ok {
		return nil, fmt.Errorf("%s: cannot press %q", name, b.Keys()[0])
	}
	return m.key(msg), nil
}

// setSetting changes a setting until the reader quits (config.Load has
// checked the name and value).
func (m *Model) setSetting(name, value string) (tea.Cmd, error) {
	on := value == "true"
	switch name {
	case "browser":
		m.browser.setting = value
	case "browser_in_terminal":
		m.browser.inTerminal = on
	case "player":
		m.player.command = value
	case "hide_read":
		if m.hideRead != on {
			return m.toggleHideRead(), nil
		}
	default:
		return nil, fmt.Errorf("set: no setting %q", name)
	}
	return nil, nil
}
