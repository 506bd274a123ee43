package engine

import (
	"context"
	"os"
	"testing"
)

// BenchmarkEnclosureDownload measures one 12 MiB enclosure downloaded over
// loopback: in 1 MiB Range chunks (12 requests, each recorded in the
// store), and as the plain fallback of a server that ignores Range.
func BenchmarkEnclosureDownload(b *testing.B) {
	body := content(12<<20, 30) // under the 15 MiB fallback cap
	for _, c := range []struct {
		name  string
		serve func([]byte) func(h *encHarness)
	}{
		{"range", func(body []byte) func(h *encHarness) {
			return func(h *encHarness) { h.srv.handle("/ep.mp3", serveRanges(body, `"b"`)) }
		}},
		{"fallback", func(body []byte) func(h *encHarness) {
			return func(h *encHarness) { h.srv.handle("/ep.mp3", servePlain(body)) }
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			h := newEncHarness(b)
			c.serve(body)(h)
			f := h.podcast("/feed", false, "/ep.mp3")
			h.mustSync(f)
			item := h.items(f)[0].ID
			ctx := context.Background()
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				res, err := h.eng.DownloadItem(ctx, item)
				if err != nil || res[0].Err != nil {
					b.Fatal(err, res)
				}
				b.StopTimer()
				os.Remove(res[0].Path)
				b.StartTimer()
			}
		})
	}
}
