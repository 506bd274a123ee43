package newsboat

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
)

// Config is what tidings takes from a newsboat config file: its
// ignore-article lines, translated into rules, and the lines that become
// tidings settings (keys, macros, colours, highlights, browser, bookmark
// command).
type Config struct {
	// Rules are the ignore-article lines that translate, in file order.
	// Under ignore-mode "display" (wherever it stands in the file, as in
	// newsboat) each is a hide rule; by default a delete rule.
	Rules []Rule
	// Settings are the setting lines that translate.
	Settings Settings
	// Untranslated are the ignore-article and setting lines that do not
	// translate, each with its line and why: nothing is dropped silently.
	Untranslated []Untranslated
}

// ParseConfig reads the ignore-article and ignore-mode lines of a newsboat
// config file and the lines that become settings (see [Settings]); every
// other command is newsboat's own and is skipped. A
// file past MaxFileBytes, a line past MaxLineBytes or holding a NUL byte
// is an error naming it.
func ParseConfig(r io.Reader) (*Config, error) {
	ls := newLines(r)
	out := &Config{}
	settings := newSettingsReader(tidingsActions())
	hide := false
	for ls.next() {
		line, n := ls.line()
		tokens, err := tokenize(line)
		switch {
		case err != nil && (firstWord(line) == "ignore-article" || settingCommands[firstWord(line)]):
			out.Untranslated = append(out.Untranslated, Untranslated{Line: n, Text: line, Reason: err.Error()})
			continue
		case err != nil || len(tokens) == 0:
			continue
		case tokens[0] == "ignore-mode" && len(tokens) == 2:
			hide = tokens[1] == "display"
			continue
		case settingCommands[tokens[0]]:
			if err := settingLine(settings, n, line); err != nil {
				out.Untranslated = append(out.Untranslated, Untranslated{Line: n, Text: line, Reason: err.Error()})
			}
			continue
		}
		rule, err := TranslateIgnoreArticle(line)
		switch {
		case errors.Is(err, ErrNotIgnoreArticle):
		case err != nil:
			out.Untranslated = append(out.Untranslated, Untranslated{Line: n, Text: line, Reason: err.Error()})
		default:
			rule.Line = n
			out.Rules = append(out.Rules, rule)
		}
	}
	if err := ls.Err(); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	for i := range out.Rules {
		out.Rules[i].Hide = hide
	}
	out.Settings = settings.settings()
	return out, nil
}

// settingLine translates one setting line, tokenized as newsboat does
// (lineTokens keeps a macro's "; " and the description's quotes apart).
func settingLine(r *settingsReader, n int, line string) error {
	tokens, err := lineTokens(line)
	if err != nil {
		return err
	}
	return r.read(n, line, tokens)
}

// firstWord is a line's first blank-separated word.
func firstWord(line string) string {
	if f := strings.Fields(line); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Translate turns the query feed's newsboat expression into tidings'
// query language; an expression that does not translate is an error
// naming the column of the first part that does not.
func (q Query) Translate() (query.Expr, error) {
	return TranslateFilter(q.Expression)
}
