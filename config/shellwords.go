package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// program is a program a command line runs, found by commandPrograms.
type program struct {
	name    string // as the shell sees it, after quotes, ~ and $HOME
	builtin bool   // run by the shell itself, never looked up
	afterCD bool   // a cd came before: a relative path is not relative to here
}

// builtins are the utilities /bin/sh runs itself without any search: the
// special builtins and the ones POSIX has the shell run before looking in
// $PATH. Others, such as echo and test, may be files; they are checked.
var builtins = map[string]bool{
	"break": true, ":": true, ".": true, "continue": true, "eval": true, "exec": true,
	"exit": true, "export": true, "readonly": true, "return": true, "set": true,
	"shift": true, "times": true, "trap": true, "unset": true,
	"alias": true, "bg": true, "cd": true, "command": true, "false": true, "fg": true,
	"getopts": true, "hash": true, "jobs": true, "kill": true, "pwd": true, "read": true,
	"true": true, "umask": true, "unalias": true, "wait": true,
}

// commandPrograms returns the program of each simple command in a
// command line, or an error saying what keeps it from being known
// without running the line.
func commandPrograms(command string) ([]program, error) {
	toks, err := lexShell(command)
	if err != nil {
		return nil, err
	}
	var (
		out               []program
		atCmd             = true // the next word is a command's name
		redirect, wrapped = false, false
		sourced, afterCD  = false, false
	)
	for _, t := range toks {
		switch {
		case t.op != "":
			atCmd, wrapped, sourced = true, false, false
			continue
		case t.redirect:
			redirect = true
			continue
		case redirect: // the file a redirection names
			redirect = false
			continue
		}
		if strings.HasPrefix(t.text, "PATH=") {
			return nil, errors.New("it sets PATH")
		}
		if sourced { // the file "." runs
			sourced = false
			if t.unknown != "" {
				return nil, fmt.Errorf("the file given to . is named by %s", shownWord(t.unknown))
			}
			out = append(out, program{name: t.text, afterCD: afterCD})
			continue
		}
		if !atCmd || t.assign {
			continue
		}
		if !t.quoted {
			switch t.text {
			case "!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until":
				continue // a reserved word: a command follows
			case "for", "case", "select", "function", "[[", "coproc", "eval":
				return nil, fmt.Errorf("it uses %s", t.text)
			}
		}
		if wrapped && strings.HasPrefix(t.text, "-") {
			continue // an option of exec or command
		}
		if t.unknown != "" {
			return nil, fmt.Errorf("a program is named by %s", shownWord(t.unknown))
		}
		switch t.text {
		case "time": // a keyword of some shells, a program elsewhere: both are checked
			out = append(out, program{name: t.text, afterCD: afterCD})
			continue
		case "exec", "command":
			wrapped = true
			continue
		case ".", "source":
			sourced, atCmd = true, false
			continue
		case "cd", "pushd", "popd":
			afterCD = true
		}
		out = append(out, program{name: t.text, builtin: builtins[t.text], afterCD: afterCD})
		atCmd, wrapped = false, false
	}
	return out, nil
}

// shellToken is one word or operator of a command line.
type shellToken struct {
	op       string // a control operator (";", "&&", "|", "(", newline…), else ""
	redirect bool   // a redirection operator; the next word is its file
	text     string // the word after quote removal, ~ and $HOME
	unknown  string // why text may not be what the shell sees, "" when it is
	quoted   bool   // part of the word was quoted
	assign   bool   // NAME=value
}

// lexShell splits a command line into words and operators as sh does,
// far enough to find its programs; it fails on what needs running to
// know (command substitution, here-documents, unterminated quotes).
func lexShell(s string) ([]shellToken, error) {
	var (
		toks []shellToken
		w    strings.Builder
		cur  shellToken
		in   bool // a word is under way
	)
	flush := func() {
		if in {
			cur.text = w.String()
			toks = append(toks, cur)
		}
		w.Reset()
		cur, in = shellToken{}, false
	}
	unknown := func(why string) {
		if cur.unknown == "" {
			cur.unknown = why
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')':
			flush()
			op := string(c)
			if i+1 < len(s) && (c == '&' || c == '|' || c == ';') && s[i+1] == c {
				op += string(c)
				i++
			}
			if op == ";;" {
				return nil, errors.New("it uses case")
			}
			toks = append(toks, shellToken{op: op})
		case c == '<' || c == '>':
			if in && !cur.quoted && isDigits(w.String()) {
				w.Reset()
				cur, in = shellToken{}, false // a file descriptor number
			}
			flush()
			if i+1 < len(s) {
				switch n := s[i+1]; {
				case n == '(':
					return nil, errors.New("it uses process substitution")
				case c == '<' && n == '<':
					return nil, errors.New("it uses a here-document")
				case n == '>' || n == '&' || n == '|' || c == '<' && n == '>':
					i++
				}
			}
			toks = append(toks, shellToken{redirect: true})
		case c == '#' && !in:
			for i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("a quote is not closed")
			}
			w.WriteString(s[i+1 : i+1+end])
			i += 1 + end
			cur.quoted, in = true, true
		case c == '"':
			cur.quoted, in = true, true
			j, err := lexDouble(s, i+1, &w, unknown)
			if err != nil {
				return nil, err
			}
			i = j
		case c == '\\':
			in = true
			if i+1 < len(s) {
				i++
				if s[i] != '\n' { // a backslash-newline joins lines
					w.WriteByte(s[i])
				}
				cur.quoted = true
			} else {
				w.WriteByte(c)
			}
		case c == '`':
			return nil, errors.New("it uses backquotes")
		case c == '$':
			in = true
			j, err := lexDollar(s, i, &w, unknown)
			if err != nil {
				return nil, err
			}
			i = j
		case c == '~' && !in:
			in = true
			if i+1 == len(s) || strings.IndexByte("/ \t\n;&|()<>", s[i+1]) >= 0 {
				w.WriteString(os.Getenv("HOME"))
			} else {
				unknown("~user")
				w.WriteByte(c)
			}
		case c == '=' && in && !cur.quoted && isName(w.String()) && !cur.assign && cur.unknown == "":
			cur.assign = true
			w.WriteByte(c)
		default:
			if (c == '*' || c == '?' || c == '[') && !(c == '[' && !in && (i+1 == len(s) || s[i+1] == ' ')) {
				unknown("a pattern")
			}
			in = true
			w.WriteByte(c)
		}
	}
	flush()
	return toks, nil
}

// lexDouble reads a double-quoted string whose text starts at i into w
// and returns the index of its closing quote.
func lexDouble(s string, i int, w *strings.Builder, unknown func(string)) (int, error) {
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				i++
				if s[i] != '\n' {
					w.WriteByte(s[i])
				}
				continue
			}
			w.WriteByte(c)
		case '`':
			return 0, errors.New("it uses backquotes")
		case '$':
			j, err := lexDollar(s, i, w, unknown)
			if err != nil {
				return 0, err
			}
			i = j
		default:
			w.WriteByte(c)
		}
	}
	return 0, errors.New("a quote is not closed")
}

// lexDollar reads the expansion starting with the $ at i into w,
// expanding $HOME and ${HOME} and marking any other unknown, and returns
// the index of its last byte.
func lexDollar(s string, i int, w *strings.Builder, unknown func(string)) (int, error) {
	rest := s[i+1:]
	var name string
	var n int // bytes after the $
	switch {
	case strings.HasPrefix(rest, "("):
		return 0, errors.New("it uses $( )")
	case strings.HasPrefix(rest, "{"):
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return 0, errors.New("a ${ is not closed")
		}
		name, n = rest[1:end], end+1
	case rest != "" && strings.IndexByte("@*#?-$!0123456789", rest[0]) >= 0:
		name, n = rest[:1], 1
	default:
		for n < len(rest) && isNameByte(rest[n], n == 0) {
			n++
		}
		name = rest[:n]
	}
	switch {
	case n == 0:
		w.WriteByte('$') // a lone $ is itself
	case name == "HOME":
		w.WriteString(os.Getenv("HOME"))
	default:
		unknown("$" + name)
		w.WriteString(s[i : i+1+n])
	}
	return i + n, nil
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if !isNameByte(s[i], i == 0) {
			return false
		}
	}
	return true
}

func isNameByte(c byte, first bool) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && c >= '0' && c <= '9'
}

// isDigits reports whether s is a non-empty run of digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// shownWord is a word of a command line as a one-line message shows it:
// as written, or quoted with its escapes when it holds a control
// character (a line break inside ${…}).
func shownWord(w string) string {
	if strings.IndexFunc(w, unicode.IsControl) >= 0 {
		return strconv.Quote(w)
	}
	return w
}
