//go:build linux

package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestCleanMappingsKeepsOnlyTheBinarysUnchangedReadOnlyMappings reads a
// sample of smaps: only the binary's code and read-only data without a
// page of the process's own are to be dropped.
func TestCleanMappingsKeepsOnlyTheBinarysUnchangedReadOnlyMappings(t *testing.T) {
	const exe = "/opt/tidings/bin/tidings"
	mapping := func(header string, anon int) string {
		return header + "\nSize:  100 kB\nRss:  40 kB\nAnonymous:  " + strconv.Itoa(anon) + " kB\nLocked:  0 kB\n"
	}
	tests := []struct {
		name string
		in   string
		want []addrRange
	}{
		{name: "code", in: mapping("00403000-00b62000 r-xp 00003000 fe:00 42 "+exe, 0),
			want: []addrRange{{0x403000, 0xb62000}}},
		{name: "read-only data", in: mapping("00b62000-0129d000 r--p 00762000 fe:00 42 "+exe, 0),
			want: []addrRange{{0xb62000, 0x129d000}}},
		{name: "relocated read-only data (RELRO)", in: mapping("0129d000-012a0000 r--p 00e9d000 fe:00 42 "+exe, 12)},
		{name: "writable data", in: mapping("012a0000-013df000 rw-p 00ea0000 fe:00 42 "+exe, 0)},
		{name: "another file", in: mapping("7ffff7dfb000-7ffff7f51000 r-xp 00026000 fe:00 7 /usr/lib/x86_64-linux-gnu/libc.so.6", 0)},
		{name: "a path that only starts like the binary's", in: mapping("00403000-00b62000 r-xp 00003000 fe:00 43 "+exe+".old", 0)},
		{name: "anonymous memory", in: mapping("7fff88000000-7fff88140000 rw-p 00000000 00:00 0", 1280)},
		{name: "all of them in a row", in: mapping("00403000-00b62000 r-xp 00003000 fe:00 42 "+exe, 0) +
			mapping("00b62000-0129d000 r--p 00762000 fe:00 42 "+exe, 0) +
			mapping("0129d000-012a0000 r--p 00e9d000 fe:00 42 "+exe, 12) +
			mapping("012a0000-013df000 rw-p 00ea0000 fe:00 42 "+exe, 0) +
			mapping("7fff88000000-7fff88140000 rw-p 00000000 00:00 0", 1280),
			want: []addrRange{{0x403000, 0xb62000}, {0xb62000, 0x129d000}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := cleanMappings(strings.NewReader(tt.in), exe)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %x, want %x", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %x, want %x", got, tt.want)
				}
			}
		})
	}
}

// TestDropCleanMappingsUnmapsOnlyWhatTheFileHolds maps a file three
// times, as a binary is: read-only and untouched by the process (code and
// rodata), read-only after the process wrote to it (relocations), and
// writable. Only the first loses its resident pages; every mapping still
// reads what it read before.
func TestDropCleanMappingsUnmapsOnlyWhatTheFileHolds(t *testing.T) {
	const size = 1 << 20
	path := filepath.Join(t.TempDir(), "binary")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	page := make([]byte, 4096)
	for i := range size / len(page) { // written a page at a time: small folios
		for j := range page {
			page[j] = byte(i + j)
		}
		if _, err := f.Write(page); err != nil {
			t.Fatal(err)
		}
	}
	defer f.Close()
	mapFile := func(prot int) []byte {
		m, err := syscall.Mmap(int(f.Fd()), 0, size, prot, syscall.MAP_PRIVATE)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { syscall.Munmap(m) })
		return m
	}
	clean := mapFile(syscall.PROT_READ)
	relocated := mapFile(syscall.PROT_READ | syscall.PROT_WRITE)
	relocated[0] = 0xee
	if err := syscall.Mprotect(relocated, syscall.PROT_READ); err != nil {
		t.Fatal(err)
	}
	writable := mapFile(syscall.PROT_READ | syscall.PROT_WRITE)
	writable[1] = 0xdd
	sum := func(m []byte) (s int) {
		for i := 0; i < len(m); i += 512 {
			s += int(m[i])
		}
		return s
	}
	want := []int{sum(clean), sum(relocated), sum(writable)}
	before := []int{residentKiB(t, clean), residentKiB(t, relocated), residentKiB(t, writable)}

	if err := dropCleanMappings(path); err != nil {
		t.Fatal(err)
	}
	after := []int{residentKiB(t, clean), residentKiB(t, relocated), residentKiB(t, writable)}
	if after[0] != 0 || before[0] < size>>10 {
		t.Fatalf("clean read-only mapping: %d kB resident before, %d kB after; want all, then none", before[0], after[0])
	}
	for i, name := range []string{"relocated read-only", "writable"} {
		if after[i+1] != before[i+1] {
			t.Fatalf("%s mapping: %d kB resident before, %d kB after; want it kept", name, before[i+1], after[i+1])
		}
	}
	got := []int{sum(clean), sum(relocated), sum(writable)}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("mapping %d reads %d after the drop, want %d", i, got[i], want[i])
		}
	}
	if relocated[0] != 0xee || writable[1] != 0xdd {
		t.Fatal("the process's own changes to its mappings were lost")
	}
}

// residentKiB is how much of the mapping m is resident (its Rss in smaps).
func residentKiB(t *testing.T, m []byte) int {
	t.Helper()
	start := uint64(uintptr(unsafe.Pointer(&m[0])))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if r, ok := mappingHeader(fields); ok {
			found = uint64(r.start) == start
			continue
		}
		if found && fields[0] == "Rss:" {
			n, err := strconv.Atoi(fields[1])
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no mapping at %#x in smaps", start)
	return 0
}
