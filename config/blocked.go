package config

import (
	"slices"
	"strings"
)

// builtinBlockedExtensions are executable and script file extensions that
// are never downloaded as enclosures (the platform's FDE_DOWNLOAD_BLOCKED).
var builtinBlockedExtensions = []string{
	"exe", "msi", "bat", "cmd", "com", "scr", "pif", "cpl", "vbs", "vbe",
	"js", "jse", "wsf", "wsh", "ps1", "psm1", "jar", "sh", "bash", "zsh",
	"csh", "ksh", "command", "app", "dmg", "pkg", "mpkg", "deb", "rpm",
	"appimage", "desktop", "apk", "lnk", "reg", "hta", "msp", "gadget",
	"inf", "scf", "url", "dll", "sys", "run", "bin", "elf", "py", "pl",
	"rb", "php",
}

// builtinBlockedTypes are executable and script MIME types that are never
// downloaded as enclosures.
var builtinBlockedTypes = []string{
	"application/x-msdownload", "application/x-msdos-program",
	"application/x-executable", "application/x-sh", "application/x-shellscript",
	"application/x-bat", "application/vnd.microsoft.portable-executable",
	"application/java-archive", "application/x-java-archive",
	"application/vnd.android.package-archive", "application/x-apple-diskimage",
	"application/x-deb", "application/x-debian-package", "application/x-rpm",
	"application/x-msi", "application/hta", "application/x-ms-shortcut",
	"text/x-shellscript", "application/javascript", "text/javascript",
	"application/x-desktop",
}

// BuiltinBlockedExtensions returns a copy of the built-in list of blocked
// enclosure file extensions (lower case, without dots).
func BuiltinBlockedExtensions() []string {
	return slices.Clone(builtinBlockedExtensions)
}

// BuiltinBlockedTypes returns a copy of the built-in list of blocked
// enclosure MIME types (lower case, without parameters).
func BuiltinBlockedTypes() []string {
	return slices.Clone(builtinBlockedTypes)
}

// BlockedExtensions returns the effective blocked extension list: the
// built-in list followed by ExtraBlockedExtensions, lower-cased, without
// leading dots, without duplicates or empty entries. Configured entries only
// ever add to the built-in list.
func (c EnclosureConfig) BlockedExtensions() []string {
	return union(builtinBlockedExtensions, c.ExtraBlockedExtensions, normalizeExtension)
}

// BlockedTypes returns the effective blocked MIME type list: the built-in
// list followed by ExtraBlockedTypes, lower-cased, without parameters,
// duplicates or empty entries.
func (c EnclosureConfig) BlockedTypes() []string {
	return union(builtinBlockedTypes, c.ExtraBlockedTypes, normalizeMediaType)
}

// IsBlockedExtension reports whether ext (with or without its leading dot,
// in any case, e.g. ".EXE") is in the effective blocked list. An empty
// extension is never blocked.
func (c EnclosureConfig) IsBlockedExtension(ext string) bool {
	n := normalizeExtension(ext)
	return n != "" && slices.Contains(c.BlockedExtensions(), n)
}

// IsBlockedType reports whether the media type of a Content-Type value (in
// any case, parameters ignored, e.g. "Application/X-Sh; charset=utf-8") is
// in the effective blocked list. An empty type is never blocked.
func (c EnclosureConfig) IsBlockedType(contentType string) bool {
	n := normalizeMediaType(contentType)
	return n != "" && slices.Contains(c.BlockedTypes(), n)
}

// normalizeExtension lower-cases ext and strips spaces and leading dots.
func normalizeExtension(ext string) string {
	return strings.TrimLeft(strings.ToLower(strings.TrimSpace(ext)), ".")
}

// normalizeMediaType lower-cases a media type and drops its parameters.
func normalizeMediaType(typ string) string {
	typ, _, _ = strings.Cut(typ, ";")
	return strings.ToLower(strings.TrimSpace(typ))
}

// union returns base followed by the normalised extra entries, without
// duplicates or empty strings.
func union(base, extra []string, norm func(string) string) []string {
	out := slices.Clone(base)
	for _, e := range extra {
		if n := norm(e); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
