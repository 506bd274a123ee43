// Package config loads tidings' user configuration from a TOML file.
//
// The configuration is a plain [Config] value that callers pass around
// explicitly; the package keeps no global state. [Default] returns the
// built-in defaults (those of the Windows RSS Platform where tidings follows
// it) and [Load] overlays a TOML file on top of them. [Keys] is the one
// table of the file's keys, with their meaning and allowed values;
// [WriteTOML] prints a configuration as commented TOML from it (that is
// `tidings config`, and `tidings config --default` for the defaults).
// The [remote] table, absent by default, names an account on a feed-sync
// server ([RemoteConfig]); its password and token are [Key.Secret].
//
// Colours: the [colors] table picks a [Theme] and gives any of
// [ColorElements] its own [Style], written "FG [BG] [attribute…]" and
// parsed by [ParseStyle] (never passed to the terminal as written);
// [[highlight]] tables colour the list rows an expression of the query
// language matches ([Highlight]) and [[highlight-article]] tables the
// words of an article a regular expression matches ([ArticleHighlight]),
// both parsed or compiled once, at load.
//
// The reader's keys and macros are the [keys] and [macros] tables
// ([Bindings], [MacroStep]): [Actions] is the one catalogue of the
// reader's actions, with their names, default keys, help and the
// contexts they are used in ([KeyContext]); the reader's keymap, its
// help, `tidings config` and the manual are made from it, and an
// importer can map another reader's key names onto it. Key names are
// Bubble Tea's ([NormalizeKey]).
//
// Decoding is strict: an unknown key, a value of the wrong type or a value out
// of range makes [Load] fail with an [*Error] naming the file, the line and
// the dotted key, for example
//
//	config /home/u/.config/tidings/config.toml:7: sync.download_threads = 99: must be between 1 and 16
//
// Trust: the file's commands run as the user, so [Load] reads it only
// when nobody but the user and root can change it or a folder on its way,
// and every command tidings runs passes the same rule just before it runs
// ([CheckRunnable] for command lines, run through [ShellCommand];
// [CheckProgram] for a program run without a shell). A refusal is one
// line naming the file or folder at fault and the fix.
//
// Bounds are declared once ([Bound]): a number out of range in the file is
// an error naming the key and line, and the engine's settings function
// raises or lowers a per-feed value (from the command line, an OPML import
// or the reader) to its bound with a one-line notice.
//
// Path defaults: [Default] leaves [Config.LogFile] and
// [EnclosureConfig.Directory] empty, meaning "inside the data directory".
// [Load] resolves them: a leading "~/" is expanded to the home directory and
// empty values become <datadir>/tidings.log and <datadir>/enclosures, where
// <datadir> is [DefaultDataDir]. [Config.Resolve] does the same for a
// configuration built in code.
package config
