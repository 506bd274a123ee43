package enclosure

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// File names of enclosures.
const (
	// maxNameBytes keeps a name, with " (NNNN)" and ".part" added,
	// under the 255-byte limit of common file systems.
	maxNameBytes = 200
	// maxNameTries bounds the search for a free name in a feed's folder.
	maxNameTries = 1000
	// PartSuffix ends the name of a file still downloading. The store
	// records each partial file's name; none is ever derived from another
	// file's name to delete it.
	PartSuffix = ".part"
	fileMode   = 0o644 // never executable
)

// feedFolder is the folder of a feed's enclosures: its id under the
// configured directory, a path only tidings hands out.
func feedFolder(root string, feedID int64) (string, error) {
	if strings.TrimSpace(root) == "" {
		return "", ErrNoEnclosureDir
	}
	return filepath.Join(filepath.Clean(root), strconv.FormatInt(feedID, 10)), nil
}

// enclosureFileName names an enclosure's file: its URL's last path segment,
// else the item title with an extension for the declared type, else
// "enclosure-ID", each cleaned by CleanFileName.
func fileName(rawURL, title, typ string, id int64) string {
	if name := CleanFileName(lastSegment(rawURL)); name != "" {
		return name
	}
	ext := typeExtension(typ)
	if name := CleanFileName(title); name != "" {
		return CleanFileName(name + ext)
	}
	return fmt.Sprintf("enclosure-%d%s", id, ext)
}

// CleanFileName makes s safe as one file name inside a folder (an
// enclosure's, an article the reader saves): every path
// separator, control and format character (bidi overrides included),
// invalid UTF-8 and ".." is removed, then leading dots and surrounding
// spaces, and trailing dots (which some systems drop, changing the
// extension). It is cut to maxNameBytes, keeping the extension.
func CleanFileName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '/' || r == '\\' || r == utf8.RuneError:
			return -1
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	for strings.Contains(s, "..") {
		s = strings.ReplaceAll(s, "..", "")
	}
	s = strings.TrimLeft(strings.TrimSpace(s), ". ")
	s = strings.TrimRight(s, ". ")
	return truncateName(s, maxNameBytes)
}

// truncateName cuts name to at most limit bytes on a rune boundary,
// keeping a short extension.
func truncateName(name string, limit int) string {
	if len(name) <= limit {
		return name
	}
	ext := filepath.Ext(name)
	if len(ext) > 16 {
		ext = ""
	}
	stem := name[:len(name)-len(ext)]
	cut := limit - len(ext)
	for cut > 0 && !utf8.RuneStart(stem[cut]) {
		cut--
	}
	return strings.TrimRight(stem[:cut], ". ") + ext
}

// commonTypes give an extension to files named after their item's title.
var commonTypes = map[string]string{
	"audio/mpeg": ".mp3", "audio/mp3": ".mp3", "audio/mp4": ".m4a", "audio/x-m4a": ".m4a",
	"audio/aac": ".aac", "audio/ogg": ".ogg", "audio/opus": ".opus", "audio/flac": ".flac",
	"audio/wav": ".wav", "audio/x-wav": ".wav", "video/mp4": ".mp4", "video/x-m4v": ".m4v",
	"video/webm": ".webm", "video/quicktime": ".mov", "application/pdf": ".pdf",
	"image/jpeg": ".jpg", "image/png": ".png", "image/gif": ".gif", "image/webp": ".webp",
	"application/epub+zip": ".epub", "application/zip": ".zip", "text/plain": ".txt",
}

// typeExtension is a file extension for a declared MIME type, "" when
// none is known.
func typeExtension(typ string) string {
	t := mediaType(typ)
	if ext, ok := commonTypes[t]; ok {
		return ext
	}
	if exts, err := mime.ExtensionsByType(t); err == nil && len(exts) > 0 {
		return exts[0]
	}
	return ""
}

// numbered is the n-th candidate for name: name itself, then
// "stem (2).ext", "stem (3).ext" …
func numbered(name string, n int) string {
	if n <= 1 {
		return name
	}
	ext := filepath.Ext(name)
	if ext == name {
		ext = ""
	}
	return fmt.Sprintf("%s (%d)%s", strings.TrimSuffix(name, ext), n, ext)
}

// inFolder reports whether p is a file directly inside folder, after
// cleaning both: no separator, "..", or absolute path gets out.
func inFolder(folder, p string) bool {
	folder, p = filepath.Clean(folder), filepath.Clean(p)
	rel, err := filepath.Rel(folder, p)
	if err != nil || rel == "." || rel == ".." || filepath.IsAbs(rel) {
		return false
	}
	return !strings.ContainsAny(rel, `/\`) && !strings.HasPrefix(rel, "..") && filepath.Join(folder, rel) == p
}

// exists reports whether anything (a dangling symlink included) is at p;
// an error other than "not there" counts as there.
func exists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}

// partMeta is what resumes a partial file, kept in the store with it: the
// validator for If-Range and the file's full size (0 while unknown).
type partMeta struct {
	Validator string
	Total     int64
}

// RemoveFiles deletes enclosure files exactly as the store lists them when
// items are purged or a feed is removed (each file and each partial file an
// enclosure records; never a name derived from one, which could be another
// item's file), then each folder they leave empty. It returns what could
// not be deleted; files already gone are not errors.
func RemoveFiles(paths []string) []error {
	var errs []error
	folders := map[string]bool{}
	for _, p := range paths {
		if p == "" {
			continue
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove enclosure file: %w", err))
		}
		folders[filepath.Dir(p)] = true
	}
	for dir := range folders {
		if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 {
			os.Remove(dir)
		}
	}
	return errs
}

// RemoveFeedFolder removes a feed's enclosure folder under root when it is
// empty (or missing); a folder still holding files is left alone.
func RemoveFeedFolder(root string, feedID int64) error {
	dir, err := feedFolder(root, feedID)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil || len(entries) > 0 {
		return err
	}
	return os.Remove(dir)
}
