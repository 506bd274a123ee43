package cmdfeed

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The kinds of source a feed has.
const (
	KindURL    = "url"    // a web address, fetched through the door
	KindExec   = "exec"   // a command whose stdout is the feed
	KindFilter = "filter" // a web address whose body a command rewrites
)

// The prefixes that name a command source, as newsboat writes them.
const (
	ExecPrefix   = "exec:"
	FilterPrefix = "filter:"
)

// MaxCommandBytes bounds a command as written, in bytes: a command line,
// not a script (put a longer one in a file and name the file).
const MaxCommandBytes = 4096

// Spec is a command or filter source, read and checked.
type Spec struct {
	// Kind is KindExec or KindFilter.
	Kind string
	// Command is the command as written, run without a shell (see Argv).
	Command string
	// URL is a filter feed's address; zero for a command feed.
	URL weburl.URL
}

// String is the source as newsboat writes it, which is how tidings
// stores and shows it: "exec:COMMAND" or "filter:COMMAND:URL".
func (s Spec) String() string {
	if s.Kind == KindFilter {
		return FilterPrefix + s.Command + ":" + s.URL.String()
	}
	return ExecPrefix + s.Command
}

// Argv is the command split into its program and arguments as /bin/sh
// would split it, without running a shell (config.SplitArgs): a command
// that needs a shell (a pipe, a redirection, a variable) is an error;
// write sh -c '…' yourself.
func (s Spec) Argv() ([]string, error) {
	return config.SplitArgs(s.Command)
}

// IsCommand reports whether source names a command ("exec:" or
// "filter:", in any case) rather than a web address.
func IsCommand(source string) bool {
	lower := strings.ToLower(source)
	return strings.HasPrefix(lower, ExecPrefix) || strings.HasPrefix(lower, FilterPrefix)
}

// Parse reads "exec:COMMAND ARGS" or "filter:COMMAND ARGS:URL" as
// newsboat does: a filter's command ends at its first colon, so it holds
// none, and the rest is the URL. The command must split without a shell
// (see Argv), hold no control character and be at most MaxCommandBytes.
// Errors are one line.
func Parse(source string) (Spec, error) {
	lower := strings.ToLower(source)
	switch {
	case strings.HasPrefix(lower, ExecPrefix):
		s := Spec{Kind: KindExec, Command: source[len(ExecPrefix):]}
		return s, checkCommand(s)
	case strings.HasPrefix(lower, FilterPrefix):
		rest := source[len(FilterPrefix):]
		command, raw, ok := strings.Cut(rest, ":")
		if !ok || raw == "" {
			return Spec{}, fmt.Errorf("filter source %s: want filter:COMMAND:URL", sanitize.Named(source))
		}
		s := Spec{Kind: KindFilter, Command: command}
		if err := checkCommand(s); err != nil {
			return Spec{}, err
		}
		u, err := weburl.Parse(raw)
		if err != nil {
			return Spec{}, fmt.Errorf("filter source %s: %w", sanitize.Named(source), err)
		}
		s.URL = u
		return s, nil
	}
	return Spec{}, fmt.Errorf("%s is neither exec:COMMAND nor filter:COMMAND:URL", sanitize.Named(source))
}

// checkCommand applies Parse's rules to s.Command.
func checkCommand(s Spec) error {
	c := s.Command
	what := s.Kind + " command"
	switch {
	case strings.TrimSpace(c) == "":
		return errors.New(what + " is empty")
	case len(c) > MaxCommandBytes:
		return fmt.Errorf("%s is %d bytes, more than %d: put it in a script and name the script", what, len(c), MaxCommandBytes)
	case !utf8.ValidString(c) || strings.ContainsFunc(c, unicode.IsControl):
		return fmt.Errorf("%s %s holds control characters or invalid UTF-8", what, sanitize.Named(c))
	}
	if _, err := s.Argv(); err != nil {
		return fmt.Errorf("%s: %w (write sh -c '…' for a shell)", what, err)
	}
	return nil
}
