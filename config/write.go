package config

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// masked stands for a secret value that is set.
const masked = `"` + Masked + `"`

// commentWidth is where comment lines wrap.
const commentWidth = 79

// WriteTOML writes c as commented TOML that [Load] reads back: every key
// of [Keys], in file order, under a comment with its meaning, the values
// it allows and its default; then the reader's keys (every action of
// [Actions]) and macros. The value of a secret key is masked (so a
// masked file loads with the mask as the value: set it again by hand).
func WriteTOML(w io.Writer, c Config) error {
	_, err := io.WriteString(w, renderTOML(Keys(), toFile(c), toFile(Default()))+renderKeyTables(c))
	return err
}

// Value is the key's value in c as TOML ("4", `"15s"`, `[]`), masked when
// the key is secret and set.
func (k Key) Value(c Config) string {
	return displayValue(k, fileValue(toFile(c), k.Name))
}

// renderTOML writes keys with their values in cur and defaults in def.
func renderTOML(keys []Key, cur, def fileConfig) string {
	var b strings.Builder
	table := ""
	for i, k := range keys {
		if t := k.Table(); t != table {
			fmt.Fprintf(&b, "\n[%s]\n", t)
			table = t
		} else if i > 0 {
			b.WriteString("\n")
		}
		about := "Default: " + displayValue(k, fileValue(def, k.Name)) + "."
		if k.Allowed != "" {
			about = "Allowed: " + k.Allowed + ". " + about
		}
		writeComment(&b, k.Meaning)
		writeComment(&b, about)
		fmt.Fprintf(&b, "%s = %s\n", k.Leaf(), displayValue(k, fileValue(cur, k.Name)))
	}
	return b.String()
}

// writeComment writes text as "# " lines no wider than commentWidth.
func writeComment(b *strings.Builder, text string) {
	line := "#"
	for _, word := range strings.Fields(text) {
		if len(line) > 1 && len(line)+1+len(word) > commentWidth {
			b.WriteString(line + "\n")
			line = "#"
		}
		line += " " + word
	}
	b.WriteString(line + "\n")
}

// displayValue writes v as a TOML value, masking a secret that is set.
func displayValue(k Key, v reflect.Value) string {
	if k.Secret && !v.IsZero() {
		return masked
	}
	return tomlValue(v)
}

// fileValue finds a dotted key in the file schema by its toml tags.
func fileValue(fc fileConfig, name string) reflect.Value {
	v := reflect.ValueOf(fc)
	for part := range strings.SplitSeq(name, ".") {
		v = fieldByTag(v, part)
	}
	return v
}

// fieldByTag returns the field of struct v whose toml tag is name. Keys
// and the file schema are held together by a test, so a miss is a bug.
func fieldByTag(v reflect.Value, name string) reflect.Value {
	for i := range v.NumField() {
		tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("toml"), ",")
		if tag == name {
			return v.Field(i)
		}
	}
	panic("config: no key " + name + " in the file schema")
}

// tomlValue writes a value of the file schema in TOML syntax.
func tomlValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Float64:
		s := strconv.FormatFloat(v.Float(), 'f', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.String:
		return tomlString(v.String())
	case reflect.Struct:
		parts := make([]string, v.NumField())
		for i := range parts {
			tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("toml"), ",")
			parts[i] = tag + " = " + tomlValue(v.Field(i))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = tomlValue(v.Index(i))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	panic("config: cannot write a " + v.Type().String())
}

// tomlString writes s as a TOML basic string: quotes, backslashes and
// control characters escaped.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
