package sanitize

// Terminal returns s ready to be printed on a terminal: every ESC and other
// C0 control except '\t' and '\n', DEL, every C1 control (0x80–0x9F), the
// bidi controls, U+FEFF and any invalid UTF-8 byte (which a terminal might
// read as an 8-bit C1 control) are removed. Stored values were sanitized
// already; this is the UI's defence in depth. Strings with nothing to remove
// are returned without allocating.
func Terminal(s string) string {
	return stripControls(s, keepTab|keepLF)
}
