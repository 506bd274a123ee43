package ui

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
)

// pipeItem runs command with sh -c (config.ShellCommand: the trust rule)
// and text (the item as ui.pipe_format writes it, as | does) on its
// standard input, without handing it the terminal: a macro's step. Its
// output is not shown; a failure is the first line of its standard error.
func pipeItem(ctx context.Context, command, text string) tea.Cmd {
	return func() tea.Msg {
		cmd, err := config.ShellCommand(ctx, command)
		if err != nil {
			return actionMsg{status: "pipe", err: err}
		}
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stderr = strings.NewReader(text), &stderr
		if err := cmd.Run(); err != nil {
			if line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n"); line != "" {
				err = fmt.Errorf("%w: %s", err, line)
			}
			return actionMsg{status: "pipe to " + command, err: err}
		}
		return actionMsg{status: "piped to " + command}
	}
}
