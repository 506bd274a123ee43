package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// Sending an item out, for the list (its selected item) and the reader
// (the item it shows, as it shows it): | pipes it to a command typed in a
// prompt, with the terminal handed over until the command exits, as
// newsboat's pipe-to does; b runs ui.bookmark_command on it, as newsboat's
// bookmark-cmd, without a shell, its first line of output on the status
// line; ctrl+s saves it as Markdown in ui.save_directory. Each says its
// outcome in one line.

const (
	// pipeWidth is the width the text format is wrapped to.
	pipeWidth = 72
	// bookmarkTimeout bounds a bookmark command's run.
	bookmarkTimeout = 60 * time.Second
	// bookmarkOutputBytes is how much of a bookmark command's output is
	// kept (its first line is shown).
	bookmarkOutputBytes = 64 << 10
	// descriptionRunes bounds the description a bookmark command gets.
	descriptionRunes = 500
)

// sender sends items for the panes.
type sender struct {
	ui         config.UIConfig
	configPath string
	ctx        context.Context
	loc        *time.Location
	styles     Styles
	// history is the commands piped to, this session's and earlier ones;
	// the prompt offers the last again, and up walks back. The panes
	// share it.
	history *history
}

// sent is what is sent of an item: the item and the sanitized HTML shown
// of it (its content, summary or whole article).
type sent struct {
	item store.Item
	html string
}

// sentOf is an item as sent when the reader does not show it: its
// content, else its summary.
func sentOf(it store.Item) sent {
	if strings.TrimSpace(it.Content) == "" {
		return sent{item: it, html: it.Summary}
	}
	return sent{item: it, html: it.Content}
}

// errNoItem is the answer of |, b and ctrl+s where no item is selected.
var errNoItem = errors.New("no item selected")

// key is |, b or ctrl+s on a.
func (s sender) key(km tea.KeyMsg, k KeyMap, a sent, out *outbox) tea.Cmd {
	switch {
	case key.Matches(km, k.Pipe):
		s.askPipe(a, out)
	case key.Matches(km, k.Bookmark):
		return s.bookmark(a, out)
	case key.Matches(km, k.Save):
		return s.save(a)
	}
	return nil
}

// handOverMsg asks the root to hand the terminal to cmd until it exits
// (Options.Exec); done makes the outcome's message.
type handOverMsg struct {
	cmd  *exec.Cmd
	done tea.ExecCallback
}

// fieldCommand is the pipe prompt's field.
const fieldCommand = "command"

// askPipe opens the prompt for the command to pipe s to.
func (s sender) askPipe(a sent, out *outbox) {
	f := newForm(s.styles, "Pipe to a command", func(v formValues) (tea.Cmd, error) {
		command := v[fieldCommand]
		if command == "" {
			return nil, errors.New("type a command line; the article goes to its stdin")
		}
		return tea.Batch(s.history.add(command), s.pipe(a, command)), nil
	}, s.commandField())
	f.note = fmt.Sprintf("The article goes to the command's stdin as %s (ui.pipe_format); the command has the terminal until it exits.",
		s.ui.PipeFormat)
	f.action = "pipe"
	out.post(openDialogMsg{f})
}

// commandField is the pipe prompt's field: the last command, and the
// earlier ones a key away.
func (s sender) commandField() field {
	fl := textField(fieldCommand, "Command", "", "a command line, run with sh -c")
	entries := slices.Clone(s.history.entries)
	fl.input.SetValue(s.history.last()) // storable: nothing for oneLine to change but spaces
	fl.recall = &recall{entries: entries, at: max(len(entries)-1, 0)}
	return fl
}

// pipe runs command with sh -c (config.ShellCommand), a in the configured
// format on its stdin, and hands it the terminal.
func (s sender) pipe(a sent, command string) tea.Cmd {
	return func() tea.Msg {
		c, err := config.ShellCommand(s.ctx, command)
		if err != nil {
			return actionMsg{err: fmt.Errorf("pipe to %s: %w", command, err)}
		}
		c.Stdin = strings.NewReader(s.pipeInput(a))
		return handOverMsg{cmd: c, done: func(err error) tea.Msg {
			if err != nil {
				return actionMsg{err: fmt.Errorf("pipe to %s: %w", command, err)}
			}
			return actionMsg{status: "piped to " + command}
		}}
	}
}

// pipeInput is a in ui.pipe_format: plain text wrapped at pipeWidth, the
// sanitized HTML, or Markdown; never with a control but line breaks and
// tabs (the command may print it on the terminal).
func (s sender) pipeInput(a sent) string {
	switch s.ui.PipeFormat {
	case config.PipeHTML:
		return sanitize.Terminal(a.html)
	case config.PipeMarkdown:
		return engine.ArticleMarkdown(a.item, a.html, s.loc)
	}
	return plainText(a, s.loc)
}

// plainText is an item as the reader shows it, without styles: title,
// feed, author and date, link, then the text wrapped at pipeWidth with
// its numbered links listed at the end.
func plainText(a sent, loc *time.Location) string {
	it := a.item
	var lines []string
	title := strings.Join(strings.Fields(it.Title), " ")
	if title == "" {
		title = firstWords(it)
	}
	lines = append(lines, title)
	meta := it.FeedTitle
	if it.Author != "" {
		meta += " · " + it.Author
	}
	lines = append(lines, meta+" · "+it.Date.In(loc).Format("Mon, 02 Jan 2006 15:04 MST"))
	if it.Link != "" {
		lines = append(lines, it.Link)
	}
	lines = append(lines, "")
	doc := renderHTML(a.html, pipeWidth, plainStyles(), nil)
	lines = append(lines, doc.lines...)
	for i, l := range lines {
		lines[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return sanitize.Terminal(strings.Join(lines, "\n") + "\n")
}

// plainStyles draw nothing: no colour, no attribute.
func plainStyles() Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return NewStyles(r, true, config.Default())
}

// bookmark runs ui.bookmark_command with a's URL, title, description and
// feed title appended, without a shell, and says its first line of
// output; an unset command is one line saying how to set it.
func (s sender) bookmark(a sent, out *outbox) tea.Cmd {
	command := s.ui.BookmarkCommand
	if command == "" {
		out.say("", fmt.Errorf("no bookmark command: set [ui] bookmark_command in %s (it gets the URL, title, description and feed title)", s.configPath))
		return nil
	}
	args := bookmarkArgs(a.item)
	return func() tea.Msg {
		words, err := config.SplitArgs(command)
		if err == nil {
			err = config.CheckProgram(words[0])
		}
		if err != nil {
			return actionMsg{err: fmt.Errorf("bookmark: %w", err)}
		}
		ctx, cancel := context.WithTimeout(s.ctx, bookmarkTimeout)
		defer cancel()
		c := exec.CommandContext(ctx, words[0], append(words[1:], args...)...)
		var output cappedBuffer
		c.Stdout, c.Stderr, c.WaitDelay = &output, &output, time.Second
		ownGroup(c)
		err = c.Run()
		endGroup(c)
		first := firstLine(output.Bytes())
		switch {
		case err != nil && first != "":
			return actionMsg{err: fmt.Errorf("bookmark: %s: %w: %s", words[0], err, first)}
		case err != nil:
			return actionMsg{err: fmt.Errorf("bookmark: %s: %w", words[0], err)}
		case first != "":
			return actionMsg{status: "bookmarked: " + first}
		}
		return actionMsg{status: "bookmarked " + args[0]}
	}
}

// bookmarkArgs are newsboat's four arguments of bookmark-cmd: the item's
// URL, title, a description (its summary, else its text, as plain text,
// at most descriptionRunes) and its feed's title, each on one line
// without a control.
func bookmarkArgs(it store.Item) []string {
	src := it.Summary
	if strings.TrimSpace(src) == "" {
		src = it.Content
	}
	desc := oneLine(sanitize.TextFromHTML(src))
	if r := []rune(desc); len(r) > descriptionRunes {
		desc = string(r[:descriptionRunes-1]) + "…"
	}
	return []string{oneLine(it.Link), oneLine(it.Title), desc, oneLine(it.FeedTitle)}
}

// save writes a as Markdown to ui.save_directory and says where.
func (s sender) save(a sent) tea.Cmd {
	return func() tea.Msg {
		dir, err := s.ui.SaveDir()
		if err != nil {
			return actionMsg{err: fmt.Errorf("save: %w", err)}
		}
		path, err := engine.SaveArticle(a.item, a.html, dir, s.loc)
		if err != nil {
			return actionMsg{err: err}
		}
		return actionMsg{status: "saved to " + path}
	}
}

// cappedBuffer keeps the first bookmarkOutputBytes written to it and
// drops the rest.
type cappedBuffer struct{ bytes.Buffer }

// Write keeps what fits and reports all of p written.
func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := bookmarkOutputBytes - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// firstLine is the first line of out with text, on one line.
func firstLine(out []byte) string {
	for _, l := range strings.Split(string(out), "\n") {
		if l = oneLine(l); l != "" {
			return l
		}
	}
	return ""
}
