package config

import (
	"reflect"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2/unstable"
)

// expected is the TOML type a key accepts.
type expected struct {
	name  string          // for messages: "integer", "array of strings", …
	kinds []unstable.Kind // accepted value kinds
	// inner keys belong to the tables of an array of tables
	// ("highlight.expr"): [Keys] has a row for the array, not for them.
	inner bool
}

// accepts reports whether a located value has the expected type.
func (e expected) accepts(l location) bool {
	for _, k := range e.kinds {
		if k == l.kind {
			return k != unstable.Array || l.strings || e.name == arrayOfTables
		}
	}
	return false
}

// schema maps every dotted key of fileConfig to the type it accepts. It is
// derived from fileConfig's toml tags so it cannot drift from the decoder.
var schema = sync.OnceValue(func() map[string]expected {
	m := make(map[string]expected)
	addSchema(m, nil, reflect.TypeFor[fileConfig](), false)
	return m
})

var durationType = reflect.TypeFor[duration]()

// arrayOfStrings names the type of the list keys, arrayOfTables that of
// [[highlight]] and its kind.
const (
	arrayOfStrings = "array of strings"
	arrayOfTables  = "array of tables"
)

func addSchema(m map[string]expected, prefix []string, t reflect.Type, inner bool) {
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if name == "" || name == "-" {
			continue
		}
		parts := append(append([]string(nil), prefix...), name)
		key := formatKey(parts)
		switch f.Type.Kind() {
		case reflect.Struct:
			m[key] = expected{"table", []unstable.Kind{unstable.Table, unstable.InlineTable}, inner}
			addSchema(m, parts, f.Type, inner)
		case reflect.Slice:
			if f.Type.Elem().Kind() == reflect.Struct {
				m[key] = expected{arrayOfTables, []unstable.Kind{unstable.ArrayTable, unstable.Array}, inner}
				addSchema(m, parts, f.Type.Elem(), true)
			} else {
				m[key] = expected{arrayOfStrings, []unstable.Kind{unstable.Array}, inner}
			}
		case reflect.Int, reflect.Int64:
			m[key] = expected{"integer", []unstable.Kind{unstable.Integer}, inner}
		case reflect.Float64:
			m[key] = expected{"float", []unstable.Kind{unstable.Float, unstable.Integer}, inner}
		case reflect.Bool:
			m[key] = expected{"boolean", []unstable.Kind{unstable.Bool}, inner}
		case reflect.String:
			if f.Type == durationType {
				m[key] = expected{`duration string such as "15s"`, []unstable.Kind{unstable.String}, inner}
			} else {
				m[key] = expected{"string", []unstable.Kind{unstable.String}, inner}
			}
		case reflect.Map:
			// The key and macro tables: their entries are checked as
			// they are converted (bindingsFromFile, macrosFromFile).
			m[key] = expected{"table", []unstable.Kind{unstable.Table, unstable.InlineTable}, inner}
		default:
			panic("config: unsupported field type " + f.Type.String())
		}
	}
}
