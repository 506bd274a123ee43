//go:build linux

package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// dropStartupPages unmaps the pages of tidings' own binary that start-up
// mapped: the code and read-only data that every package's initialisation,
// the command line, the configuration and the store's opening ran through,
// much of which the command never touches again. The kernel maps a binary's pages 64 KiB
// around each first touch (a whole folio when the page cache holds large
// ones), so after start-up nearly all of the 15 MB of text, rodata and
// pclntab is resident; unmapped, only what the command then runs comes
// back, each page at its next touch from the page cache. Only mappings
// whose pages are all the file's are dropped (never one with a page the
// process changed, such as relocations); the pages stay in the page cache,
// so it is the resident set that shrinks, not the machine's memory in use.
func dropStartupPages() error {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return fmt.Errorf("drop start-up pages: %w", err)
	}
	if err := dropCleanMappings(exe); err != nil {
		return fmt.Errorf("drop start-up pages: %w", err)
	}
	return nil
}

// dropCleanMappings unmaps the pages of this process's read-only mappings
// of the file path that hold no page of the process's own; the next touch
// maps each page again from the file.
func dropCleanMappings(path string) error {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return err
	}
	defer f.Close()
	ranges, err := cleanMappings(f, path)
	if err != nil {
		return fmt.Errorf("read %s: %w", f.Name(), err)
	}
	for _, r := range ranges {
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, r.start, r.end-r.start, syscall.MADV_DONTNEED); errno != 0 {
			return fmt.Errorf("madvise %#x-%#x: %w", r.start, r.end, errno)
		}
	}
	return nil
}

// addrRange is one mapping's addresses, [start, end).
type addrRange struct{ start, end uintptr }

// cleanMappings reads smaps and returns the read-only mappings of the
// file path (code, "r-xp", and data, "r--p") that hold no page of the
// process's own (Anonymous: 0 kB): dropping those loses nothing.
func cleanMappings(smaps io.Reader, path string) ([]addrRange, error) {
	var out []addrRange
	var cur addrRange
	candidate := false
	sc := bufio.NewScanner(smaps)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if r, ok := mappingHeader(fields); ok {
			cur = r
			candidate = len(fields) >= 6 && fields[5] == path && (fields[1] == "r-xp" || fields[1] == "r--p")
			continue
		}
		if candidate && fields[0] == "Anonymous:" && len(fields) >= 2 {
			if fields[1] == "0" {
				out = append(out, cur)
			}
			candidate = false
		}
	}
	return out, sc.Err()
}

// mappingHeader parses the first line of a mapping in smaps
// ("start-end perms offset dev inode path").
func mappingHeader(fields []string) (addrRange, bool) {
	lo, hi, ok := strings.Cut(fields[0], "-")
	if !ok || len(fields) < 5 {
		return addrRange{}, false
	}
	start, err1 := strconv.ParseUint(lo, 16, 64)
	end, err2 := strconv.ParseUint(hi, 16, 64)
	if err1 != nil || err2 != nil || end <= start {
		return addrRange{}, false
	}
	return addrRange{start: uintptr(start), end: uintptr(end)}, true
}
