package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// renderKeyTables writes [keys] with every action's keys in force in c,
// then the context tables c sets, then [macros].
func renderKeyTables(c Config) string {
	var b strings.Builder
	b.WriteString("\n[" + keyKeys + "]\n")
	writeComment(&b, keysMeaning())
	writeComment(&b, "Allowed: "+keysAllowed+".")
	for _, a := range actions {
		keys, ok := c.Bindings.Keys[a.Name]
		if !ok {
			keys = a.Keys
		}
		b.WriteString("\n")
		writeComment(&b, a.Meaning+" Used in the "+contextNames(a.Contexts)+". Default: "+keyList(a.Keys)+".")
		fmt.Fprintf(&b, "%s = %s\n", a.Name, keyList(keys))
	}
	for _, ctx := range KeyContexts() {
		m := c.Bindings.Contexts[ctx]
		if len(m) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n[%s.%s]\n", keyKeys, ctx)
		for _, name := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(&b, "%s = %s\n", formatKey([]string{name}), keyList(m[name]))
		}
	}
	b.WriteString("\n[" + keyMacros + "]\n")
	writeComment(&b, macrosMeaning)
	writeComment(&b, "Allowed: "+macrosAllowed+". Default: none.")
	for _, k := range slices.Sorted(maps.Keys(c.Macros)) {
		steps := make([]string, len(c.Macros[k]))
		for i, s := range c.Macros[k] {
			steps[i] = tomlString(s.String())
		}
		fmt.Fprintf(&b, "%s = [%s]\n", formatKey([]string{keyLabel(k)}), strings.Join(steps, ", "))
	}
	return b.String()
}

// keyList writes keys as a TOML array, the space as "space".
func keyList(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = tomlString(keyLabel(k))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
