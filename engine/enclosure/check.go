package enclosure

import (
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/tidings-rss/tidings/config"
)

// typeCheck judges enclosures against the configured blocked extensions
// and MIME types (the platform's Attachment Execution Service check).
type typeCheck struct {
	cfg config.EnclosureConfig
}

// declared judges what the feed said, before any request: the URL's
// extension, the declared type and the file name tidings would write.
func (c typeCheck) declared(rawURL, typ, fileName string) error {
	if ext := urlExtension(rawURL); c.cfg.IsBlockedExtension(ext) {
		return blockedError("the URL's extension", ext)
	}
	if c.cfg.IsBlockedType(typ) {
		return blockedError("the declared type", mediaType(typ))
	}
	if ext := fileExtension(fileName); c.cfg.IsBlockedExtension(ext) {
		return blockedError("the file name's extension", ext)
	}
	return nil
}

// response judges what the server said: the final URL after redirects, the
// Content-Type and the file name of a Content-Disposition.
func (c typeCheck) response(resp *http.Response) error {
	if ext := urlExtension(resp.Request.URL.String()); c.cfg.IsBlockedExtension(ext) {
		return blockedError("the final URL's extension", ext)
	}
	if ct := resp.Header.Get("Content-Type"); c.cfg.IsBlockedType(ct) {
		return blockedError("the served type", mediaType(ct))
	}
	for _, name := range dispositionNames(resp.Header.Get("Content-Disposition")) {
		if ext := fileExtension(name); c.cfg.IsBlockedExtension(ext) {
			return blockedError("the extension of the server's file name", ext)
		}
	}
	return nil
}

// urlExtension is the extension of the last non-empty segment of a URL's
// path, "" when there is none.
func urlExtension(rawURL string) string {
	return fileExtension(lastSegment(rawURL))
}

// lastSegment is the last non-empty segment of a URL's path, unescaped
// (an escaped "/" stays inside the segment, to be removed by CleanFileName).
func lastSegment(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return ""
	}
	segs := strings.Split(u.EscapedPath(), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i] == "" {
			continue
		}
		s, err := url.PathUnescape(segs[i])
		if err != nil {
			return segs[i]
		}
		return s
	}
	return ""
}

// fileExtension is a name's extension as a system would see it: trailing
// dots and spaces (which some systems drop) do not hide it, and a path
// separator inside the name does not count.
func fileExtension(name string) string {
	name = strings.TrimRight(name, ". \t")
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	return strings.ToLower(path.Ext(name))
}

// dispositionNames are the file names a Content-Disposition header gives
// (filename, or RFC 2231 filename*). A header the mime package cannot parse
// is searched by hand for every filename parameter, so that a malformed
// header cannot hide a blocked name.
func dispositionNames(header string) []string {
	if header == "" {
		return nil
	}
	if _, params, err := mime.ParseMediaType(header); err == nil {
		return []string{params["filename"]}
	}
	var names []string
	rest := header
	for {
		i := strings.Index(strings.ToLower(rest), "filename")
		if i < 0 {
			return names
		}
		rest = rest[i+len("filename"):]
		_, v, ok := strings.Cut(rest, "=")
		if !ok {
			return names
		}
		v, _, _ = strings.Cut(v, ";")
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		if _, enc, ok := strings.Cut(v, "''"); ok { // charset'lang'value
			v = enc
		}
		if u, err := url.PathUnescape(v); err == nil {
			v = u
		}
		names = append(names, v)
	}
}

// mediaType is a Content-Type without parameters, lower-cased.
func mediaType(v string) string {
	v, _, _ = strings.Cut(v, ";")
	return strings.ToLower(strings.TrimSpace(v))
}
