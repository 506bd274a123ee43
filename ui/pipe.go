package ui

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// pipeItem runs command with sh -c (config.ShellCommand: the trust rule)
// and the item as text on its standard input: title, link, a blank line,
// then the text. Its output is not shown; a failure is the first line of
// its standard error.
func pipeItem(ctx context.Context, command string, it store.Item) tea.Cmd {
	body := it.Content
	if body == "" {
		body = it.Summary
	}
	text := sanitize.Text(it.Title) + "\n" + sanitize.Text(it.Link) + "\n\n" + sanitize.TextFromHTML(body) + "\n"
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
