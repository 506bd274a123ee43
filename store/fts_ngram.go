package store

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The full-text index's tokenizer (unicode61) splits words at spaces and
// punctuation, which Chinese, Japanese, Thai and the like do not put
// between words: "東京の天気は晴れ" would be one token, and a search for
// "天気" would find nothing. So every run of such characters is indexed
// as its overlapping bigrams ("東京 京の の天 天気 気は は晴 晴れ"), set
// apart from the text around it, and a search term is cut the same way
// into a phrase of consecutive bigrams (ftsQuery): any two or more
// characters of a run find it. A run of one character is indexed as it
// is.
//
// The last character of a longer run is in no bigram as the first
// character, so the prefix query a single character makes ("天*") would
// miss it ("晴天"). So the last character of each run of two or more is
// indexed once more, alone, after all the text: there it breaks no
// phrase, and "天*" finds every 天 (the first of a bigram, a run of one,
// or the last of a run). A search term is cut without those tails
// (ngramQuery).

// unsegmented reports whether r belongs to a script written without
// spaces between words: Han, Hiragana, Katakana (with the prolonged sound
// mark, which is common to both kana), Hangul, Thai, Lao, Khmer, Myanmar.
// Every such rune is U+0E00 or above, three or four bytes in UTF-8.
func unsegmented(r rune) bool {
	if r < 0x0E00 {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) || r == 0x30FC || r == 0xFF70
}

// ngramText is text with each run of unsegmented characters replaced by
// its bigrams (see above); text without one comes back as it is. It is
// ngramTextFast, or without fastPaths ngramTextRef.
func ngramText(text string) string {
	if fastPaths {
		return ngramTextFast(text)
	}
	return ngramTextRef(text)
}

// ngramQuery is a search term cut as ngramText cuts text, without the
// runs' tails.
func ngramQuery(term string) string {
	if fastPaths {
		return ngramCutFast(term, false)
	}
	return ngramCutRef(term, false)
}

// ngramTextFast is ngramText that decodes only the bytes that may start
// an unsegmented rune (0xE0 and above) and copies the rest as it is.
func ngramTextFast(text string) string { return ngramCutFast(text, true) }

// ngramCutFast is ngramTextFast, with the runs' tails when tails is set.
func ngramCutFast(text string, tails bool) string {
	i := firstUnsegmented(text, 0)
	if i < 0 {
		return text
	}
	var b, tail strings.Builder
	b.Grow(len(text) + len(text)/2)
	for i >= 0 {
		end := runEnd(text, i)
		b.WriteString(text[:i])
		writeBigrams(&b, text[i:end])
		if _, size := utf8.DecodeLastRuneInString(text[i:end]); tails && size < end-i {
			tail.WriteByte(' ')
			tail.WriteString(text[end-size : end])
		}
		text = text[end:]
		i = firstUnsegmented(text, 0)
	}
	b.WriteString(text)
	b.WriteString(tail.String())
	return b.String()
}

// firstUnsegmented is the index of the first unsegmented rune of s at or
// after from, -1 when none.
func firstUnsegmented(s string, from int) int {
	for i := from; i < len(s); i++ {
		if s[i] < 0xE0 {
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsegmented(r) {
			return i
		}
		i += size - 1
	}
	return -1
}

// runEnd is the index just past the run of unsegmented runes that starts
// at s[i].
func runEnd(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unsegmented(r) {
			break
		}
		i += size
	}
	return i
}

// writeBigrams writes the run of unsegmented runes as its overlapping
// bigrams (a run of one rune as it is), between spaces.
func writeBigrams(b *strings.Builder, run string) {
	b.WriteByte(' ')
	_, first := utf8.DecodeRuneInString(run)
	if first == len(run) {
		b.WriteString(run)
	}
	for i := 0; i+first < len(run); {
		_, second := utf8.DecodeRuneInString(run[i+first:])
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(run[i : i+first+second])
		i, first = i+first, second
	}
	b.WriteByte(' ')
}

// ngramTextRef is a plain ngramText, kept as the reference of
// ngramTextFast: it collects each run as runes and writes its bigrams.
func ngramTextRef(text string) string { return ngramCutRef(text, true) }

// ngramCutRef is ngramTextRef, with the runs' tails when tails is set.
func ngramCutRef(text string, tails bool) string {
	var out strings.Builder
	var run, tail []rune
	changed := false
	flush := func() {
		if len(run) == 0 {
			return
		}
		changed = true
		out.WriteByte(' ')
		if len(run) == 1 {
			out.WriteRune(run[0])
		}
		for k := 0; k+1 < len(run); k++ {
			if k > 0 {
				out.WriteByte(' ')
			}
			out.WriteRune(run[k])
			out.WriteRune(run[k+1])
		}
		out.WriteByte(' ')
		if tails && len(run) > 1 {
			tail = append(tail, run[len(run)-1])
		}
		run = run[:0]
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if size == 1 && r == utf8.RuneError || !unsegmented(r) {
			flush()
			out.WriteString(text[i : i+size])
		} else {
			run = append(run, r)
		}
		i += size
	}
	flush()
	if !changed {
		return text
	}
	for _, r := range tail {
		out.WriteByte(' ')
		out.WriteRune(r)
	}
	return out.String()
}
