package ui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
)

// The pipe prompt's history, as a shell's: the commands piped to in this
// session and in earlier ones, kept in a file of one command a line
// (Options.PipeHistoryPath, mode 0600), at most historyMax of them, never
// the same twice in a row, never one with a control character. A file
// that cannot be read, is over historyMaxBytes or is garbled (not UTF-8,
// a control character in a line) is ignored with one log line, and
// replaced by the next command piped to.

const (
	// historyMax is how many commands the history keeps.
	historyMax = 100
	// historyMaxBytes bounds the history file read.
	historyMaxBytes = 64 << 10
)

// history is the commands of a prompt, oldest first. Its entries change
// only in Update; its file is read and written in Cmds.
type history struct {
	path string
	log  *slog.Logger
	// entries are the commands, oldest first.
	entries []string
	// writing serialises the Cmds that write the file.
	writing *sync.Mutex
}

// historyMsg is the history file as read at start.
type historyMsg struct{ entries []string }

func newHistory(path string, log *slog.Logger) *history {
	return &history{path: path, log: log, writing: &sync.Mutex{}}
}

// load reads the file (none: nil, the history is this session's).
func (h *history) load() tea.Cmd {
	if h.path == "" {
		return nil
	}
	path, log := h.path, h.log
	return func() tea.Msg {
		entries, err := readHistory(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			log.Warn("pipe history ignored", "err", err)
		}
		return historyMsg{entries: entries}
	}
}

// loaded puts the file's commands before this session's.
func (h *history) loaded(msg historyMsg) {
	h.entries = compactHistory(append(slices.Clone(msg.entries), h.entries...))
}

// last is the newest command, "" when there is none.
func (h *history) last() string {
	if len(h.entries) == 0 {
		return ""
	}
	return h.entries[len(h.entries)-1]
}

// add records command, and returns the Cmd that appends it to the file;
// a command with a control character is not recorded.
func (h *history) add(command string) tea.Cmd {
	if !storable(command) {
		return nil
	}
	h.entries = compactHistory(append(h.entries, command))
	if h.path == "" {
		return nil
	}
	path, log, mu := h.path, h.log, h.writing
	return func() tea.Msg {
		mu.Lock()
		defer mu.Unlock()
		entries, _ := readHistory(path) // what another session wrote meanwhile; unreadable: replaced
		if err := writeHistory(path, compactHistory(append(entries, command))); err != nil {
			log.Warn("pipe history not saved", "err", err)
		}
		return nil
	}
}

// storable reports whether a command may be kept: not empty, UTF-8, and
// without a control or format character (bidi overrides and the like),
// which would change the terminal, or the file's lines, when shown.
func storable(command string) bool {
	if command == "" || !utf8.ValidString(command) {
		return false
	}
	return !strings.ContainsFunc(command, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) })
}

// compactHistory drops a command equal to the one before it, and all but
// the newest historyMax.
func compactHistory(entries []string) []string {
	entries = slices.Compact(entries)
	return entries[max(len(entries)-historyMax, 0):]
}

// readHistory reads a history file: a regular file of at most
// historyMaxBytes, UTF-8, one storable command a line (empty lines are
// skipped).
func readHistory(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("read pipe history: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("read pipe history %s: not a regular file", path)
	}
	if fi.Size() > historyMaxBytes {
		return nil, fmt.Errorf("read pipe history %s: %d bytes, over %d", path, fi.Size(), historyMaxBytes)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read pipe history: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, historyMaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read pipe history %s: %w", path, err)
	}
	if len(b) > historyMaxBytes {
		return nil, fmt.Errorf("read pipe history %s: over %d bytes", path, historyMaxBytes)
	}
	entries, err := parseHistory(b)
	if err != nil {
		return nil, fmt.Errorf("read pipe history %s: %w", path, err)
	}
	return entries, nil
}

// parseHistory splits a history file into its commands.
func parseHistory(b []byte) ([]string, error) {
	if !utf8.Valid(b) {
		return nil, errors.New("not UTF-8")
	}
	var entries []string
	for i, line := range bytes.Split(b, []byte("\n")) {
		switch {
		case len(line) == 0:
		case !storable(string(line)):
			return nil, fmt.Errorf("line %d has a control character", i+1)
		default:
			entries = append(entries, string(line))
		}
	}
	return compactHistory(entries), nil
}

// writeHistory replaces the history file with entries, one a line, mode
// 0600, through a temporary file renamed over it.
func writeHistory(path string, entries []string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("write pipe history: %w", err)
	}
	f, err := os.CreateTemp(dir, ".pipe_history-*") // mode 0600
	if err != nil {
		return fmt.Errorf("write pipe history: %w", err)
	}
	_, err = f.WriteString(strings.Join(entries, "\n") + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write pipe history %s: %w", path, err)
	}
	return nil
}

// recall walks a text field through a history, newest first: back (up,
// ctrl+p) to an older command, forward (down, ctrl+n) to a newer one and
// past the newest to what was typed before the walk.
type recall struct {
	entries []string
	// at is the command shown, len(entries) for the line typed.
	at    int
	typed string
}

// back is the older command, false at the oldest.
func (r *recall) back(current string) (string, bool) {
	if r.at == 0 {
		return "", false
	}
	if r.at == len(r.entries) {
		r.typed = current
	}
	r.at--
	return r.entries[r.at], true
}

// forward is the newer command, or the typed line; false on it already.
func (r *recall) forward() (string, bool) {
	if r.at >= len(r.entries) {
		return "", false
	}
	r.at++
	if r.at == len(r.entries) {
		return r.typed, true
	}
	return r.entries[r.at], true
}
