package config

import (
	"slices"
	"testing"
)

func TestBlockedExtensions(t *testing.T) {
	builtin := BuiltinBlockedExtensions()
	tests := []struct {
		name     string
		extra    []string
		wantAlso []string
		wantLen  int
	}{
		{"nil list keeps built-ins", nil, nil, len(builtin)},
		{"empty list keeps built-ins", []string{}, nil, len(builtin)},
		{"entries are added", []string{"iso", "img"}, []string{"iso", "img"}, len(builtin) + 2},
		{"entries are normalised", []string{".ISO", " Img "}, []string{"iso", "img"}, len(builtin) + 2},
		{"duplicates of built-ins are dropped", []string{"EXE", ".sh", "iso", "iso"}, []string{"iso"}, len(builtin) + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := EnclosureConfig{ExtraBlockedExtensions: tt.extra}
			got := c.BlockedExtensions()
			if len(got) != tt.wantLen {
				t.Errorf("len = %d, want %d: %v", len(got), tt.wantLen, got)
			}
			for _, ext := range append(builtin, tt.wantAlso...) {
				if !slices.Contains(got, ext) {
					t.Errorf("%q missing from %v", ext, got)
				}
			}
		})
	}
}

func TestBlockedTypes(t *testing.T) {
	builtin := BuiltinBlockedTypes()
	tests := []struct {
		name     string
		extra    []string
		wantAlso []string
		wantLen  int
	}{
		{"empty list keeps built-ins", []string{}, nil, len(builtin)},
		{"entries are added", []string{"application/x-iso9660-image"}, []string{"application/x-iso9660-image"}, len(builtin) + 1},
		{"entries are normalised", []string{"Application/X-Foo; charset=utf-8"}, []string{"application/x-foo"}, len(builtin) + 1},
		{"duplicates of built-ins are dropped", []string{"TEXT/JavaScript"}, nil, len(builtin)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := EnclosureConfig{ExtraBlockedTypes: tt.extra}
			got := c.BlockedTypes()
			if len(got) != tt.wantLen {
				t.Errorf("len = %d, want %d: %v", len(got), tt.wantLen, got)
			}
			for _, typ := range append(builtin, tt.wantAlso...) {
				if !slices.Contains(got, typ) {
					t.Errorf("%q missing from %v", typ, got)
				}
			}
		})
	}
}

func TestBuiltinListsAreNormalised(t *testing.T) {
	for _, ext := range BuiltinBlockedExtensions() {
		if normalizeExtension(ext) != ext || checkExtension(ext) != "" {
			t.Errorf("built-in extension %q is not normalised", ext)
		}
	}
	for _, typ := range BuiltinBlockedTypes() {
		if normalizeMediaType(typ) != typ || checkMediaType(typ) != "" {
			t.Errorf("built-in type %q is not normalised", typ)
		}
	}
	if len(BuiltinBlockedExtensions()) != 49 || len(BuiltinBlockedTypes()) != 21 {
		t.Errorf("built-in lists have %d extensions and %d types, want 49 and 21",
			len(BuiltinBlockedExtensions()), len(BuiltinBlockedTypes()))
	}
}

func TestBuiltinListsAreCopies(t *testing.T) {
	BuiltinBlockedExtensions()[0] = "changed"
	BuiltinBlockedTypes()[0] = "changed"
	c := EnclosureConfig{}
	c.BlockedExtensions()[0] = "changed"
	if BuiltinBlockedExtensions()[0] != "exe" || BuiltinBlockedTypes()[0] != "application/x-msdownload" ||
		c.BlockedExtensions()[0] != "exe" {
		t.Error("callers can modify the built-in lists")
	}
}

func TestIsBlocked(t *testing.T) {
	c := EnclosureConfig{ExtraBlockedExtensions: []string{"iso"}, ExtraBlockedTypes: []string{"application/x-iso9660-image"}}
	exts := []struct {
		in   string
		want bool
	}{
		{"exe", true}, {".EXE", true}, {"Sh", true}, {"iso", true}, {".iso", true},
		{"mp3", false}, {"", false}, {".", false},
	}
	for _, tt := range exts {
		t.Run("ext "+tt.in, func(t *testing.T) {
			if got := c.IsBlockedExtension(tt.in); got != tt.want {
				t.Errorf("IsBlockedExtension(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
	types := []struct {
		in   string
		want bool
	}{
		{"application/x-msdownload", true},
		{"Application/X-SH; charset=utf-8", true},
		{" text/javascript ", true},
		{"application/x-iso9660-image", true},
		{"audio/mpeg", false},
		{"", false},
	}
	for _, tt := range types {
		t.Run("type "+tt.in, func(t *testing.T) {
			if got := c.IsBlockedType(tt.in); got != tt.want {
				t.Errorf("IsBlockedType(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestLoadBlockedListsAddToBuiltins(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		wantExt []string
	}{
		{"configured entries", "[enclosures]\nblocked_extensions = [\"iso\"]\n", []string{"iso"}},
		{"empty list", "[enclosures]\nblocked_extensions = []\n", nil},
		{"key absent", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isolate(t)
			c, err := Load(writeConfig(t, tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			got := c.Enclosures.BlockedExtensions()
			for _, ext := range append(BuiltinBlockedExtensions(), tt.wantExt...) {
				if !slices.Contains(got, ext) {
					t.Errorf("%q missing from %v", ext, got)
				}
			}
			if want := len(BuiltinBlockedExtensions()) + len(tt.wantExt); len(got) != want {
				t.Errorf("len = %d, want %d", len(got), want)
			}
		})
	}
}
