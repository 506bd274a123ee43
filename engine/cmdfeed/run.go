package cmdfeed

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/sanitize"
)

// Limits bound one run of a command.
type Limits struct {
	// Timeout is the longest run; then the process group is killed.
	Timeout time.Duration
	// MaxBytes is the most the command may write on stdout.
	MaxBytes int64
}

// Errors a run fails with, wrapped in a one-line message.
var (
	// ErrTimeout: the command ran past Limits.Timeout.
	ErrTimeout = errors.New("timed out")
	// ErrTooLarge: the command wrote more than Limits.MaxBytes.
	ErrTooLarge = errors.New("wrote too much")
	// ErrUnsupported: this system cannot run command feeds.
	ErrUnsupported = errors.New("command feeds need a Unix system")
)

// maxStderrLine bounds the line of stderr a failure quotes, in bytes.
const maxStderrLine = 300

// stderrKept is how much of stderr is kept to find that line; the rest
// is read and dropped so that the command never blocks on it.
const stderrKept = 4096

// ExitError is a command that ran and failed: its exit status (or the
// signal that ended it) and the first line of its stderr.
type ExitError struct {
	// Status is "exit status 3" or "signal: killed".
	Status string
	// Stderr is the first non-blank line of stderr, cleaned, "" if none.
	Stderr string
}

// Error is the first line of stderr when there is one, else the status:
// the line the feed's error shows.
func (e *ExitError) Error() string {
	if e.Stderr != "" {
		return e.Stderr + " (" + e.Status + ")"
	}
	return "command failed: " + e.Status
}

// firstLine is the first non-blank line of b as a message may show it:
// plain text (sanitize.Text), at most maxStderrLine bytes.
func firstLine(b []byte) string {
	for line := range strings.SplitSeq(string(b), "\n") {
		s := strings.TrimSpace(sanitize.Text(line))
		if s == "" {
			continue
		}
		if len(s) > maxStderrLine {
			cut := maxStderrLine
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			s = s[:cut] + "…"
		}
		return s
	}
	return ""
}

// cappedBuffer keeps what is written up to max bytes and reports over
// once more was written.
type cappedBuffer struct {
	buf  bytes.Buffer
	max  int64
	over bool
}

// readFrom reads r to its end into the buffer; past the cap it calls
// tooLarge once and drops the rest.
func (c *cappedBuffer) readFrom(r io.Reader, tooLarge func()) {
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		if n > 0 && !c.over {
			if int64(c.buf.Len()+n) > c.max {
				c.over = true
				tooLarge()
			} else {
				c.buf.Write(chunk[:n])
			}
		}
		if err != nil {
			return
		}
	}
}

// exitError is the failure of a command that ended on its own.
func exitError(status string, stderr []byte) error {
	return &ExitError{Status: status, Stderr: firstLine(stderr)}
}

// limitError is the failure of a command killed at a limit.
func limitError(err error, lim Limits) error {
	if errors.Is(err, ErrTimeout) {
		return fmt.Errorf("command %w after %s (sync.command_timeout); its processes were killed", err, lim.Timeout)
	}
	return fmt.Errorf("command %w: more than %d bytes on stdout (sync.command_output_bytes); its processes were killed", err, lim.MaxBytes)
}
