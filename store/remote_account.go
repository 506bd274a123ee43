package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// RemoteAccount is what the store knows of the account's syncs.
type RemoteAccount struct {
	// Account names whose state this is ("type url user"); "" when no
	// account was ever synced.
	Account string
	// Cursor is the protocol's cursor for the next pull.
	Cursor        string
	LastSyncAt    *time.Time
	LastAttemptAt *time.Time
	LastError     string
	// Offline is true when the last attempt could not reach the server.
	Offline bool
	// Pending counts the changes made here that wait to be pushed.
	Pending int
}

// RemoteAccount returns the account's sync state (the zero value before
// its first sync).
func (s *Store) RemoteAccount(ctx context.Context) (RemoteAccount, error) {
	var a RemoteAccount
	var last, attempt sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT account, cursor, last_sync_at, last_attempt_at, last_error, offline
		FROM remote_account WHERE id = 1`).Scan(&a.Account, &a.Cursor, &last, &attempt, &a.LastError, &a.Offline)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("remote account: %w", err)
	}
	a.LastSyncAt, a.LastAttemptAt = timePtr(last), timePtr(attempt)
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM remote_journal`).Scan(&a.Pending); err != nil {
		return a, fmt.Errorf("remote account: %w", err)
	}
	return a, nil
}

// ClaimRemote makes owner the one process syncing the account until the
// given time, on ClaimFeed's rule: a claim of another owner is honoured
// while its lease runs and its process lives (OwnerAlive); a dead
// process's claim (one killed while it synced) is void at once. When the
// account is not claimed, holder names the live owner that holds it.
func (s *Store) ClaimRemote(ctx context.Context, owner string, now, until time.Time) (claimed bool, holder string, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO remote_account (id, account) VALUES (1, '')`); err != nil {
			return err
		}
		var until0 sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT claimed_by, claimed_until FROM remote_account WHERE id = 1`).
			Scan(&holder, &until0); err != nil {
			return err
		}
		if holder != "" && holder != owner && until0.Valid && until0.Int64 > now.Unix() && s.alive(holder) {
			return nil
		}
		holder, claimed = "", true
		_, err := tx.ExecContext(ctx, `UPDATE remote_account SET claimed_by = ?, claimed_until = ? WHERE id = 1`,
			owner, until.Unix())
		return err
	})
	if err != nil {
		return false, "", fmt.Errorf("claim remote account: %w", err)
	}
	return claimed, holder, nil
}

// AdoptRemoteAccount makes the state the store keeps that of account
// ("type url user"). When it held another account's, that account's feeds
// become local feeds (kept with their items), and its journal, cursor and
// purge memory go: reset is then true.
func (s *Store) AdoptRemoteAccount(ctx context.Context, account string) (reset bool, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		var held string
		err := tx.QueryRowContext(ctx, `SELECT account FROM remote_account WHERE id = 1`).Scan(&held)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			_, err = tx.ExecContext(ctx, `INSERT INTO remote_account (id, account) VALUES (1, ?)`, account)
			return err
		case err != nil || held == account:
			return err
		case held == "":
			_, err = tx.ExecContext(ctx, `UPDATE remote_account SET account = ? WHERE id = 1`, account)
			return err
		}
		reset = true
		return resetAccount(ctx, tx, account)
	})
	if err != nil {
		return false, fmt.Errorf("adopt remote account: %w", err)
	}
	return reset, nil
}

func resetAccount(ctx context.Context, tx *sql.Tx, account string) error {
	for _, q := range []string{
		`UPDATE feeds SET remote_id = NULL WHERE remote_id IS NOT NULL`,
		`DELETE FROM remote_journal`,
		`DELETE FROM remote_purged`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM remote_kept WHERE account <> ?`, account); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE remote_account SET account = ?, cursor = '', last_sync_at = NULL,
		last_error = '', offline = 0 WHERE id = 1`, account)
	return err
}

// ReleaseRemote drops owner's claim on the account.
func (s *Store) ReleaseRemote(ctx context.Context, owner string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE remote_account SET claimed_by = '', claimed_until = NULL
			WHERE id = 1 AND claimed_by = ?`, owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("release remote account: %w", err)
	}
	return nil
}

// RemoteOutcome is how one sync of the account ended.
type RemoteOutcome struct {
	At time.Time
	// Err is "" on success; the cursor is then stored.
	Err     string
	Offline bool
	Cursor  string
}

// RecordRemoteSync stores how a sync of the account ended.
func (s *Store) RecordRemoteSync(ctx context.Context, o RemoteOutcome) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if o.Err != "" {
			_, err := tx.ExecContext(ctx, `UPDATE remote_account SET last_attempt_at = ?, last_error = ?, offline = ?
				WHERE id = 1`, o.At.Unix(), o.Err, o.Offline)
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE remote_account SET last_attempt_at = ?, last_sync_at = ?,
			last_error = '', offline = 0, cursor = ? WHERE id = 1`, o.At.Unix(), o.At.Unix(), o.Cursor)
		return err
	})
	if err != nil {
		return fmt.Errorf("record remote sync: %w", err)
	}
	return nil
}

// RemoteKept returns what the protocol of account ("type url user") kept
// under name ("" when nothing). The value may be a secret (a session id):
// it goes to the account's protocol only, never to a log or a screen.
func (s *Store) RemoteKept(ctx context.Context, account, name string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM remote_kept WHERE account = ? AND name = ?`, account, name).Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("remote kept %s: %w", name, err)
	}
	return v, nil
}

// KeepRemote keeps value under name for the protocol of account; ""
// forgets it.
func (s *Store) KeepRemote(ctx context.Context, account, name, value string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if value == "" {
			_, err := tx.ExecContext(ctx, `DELETE FROM remote_kept WHERE account = ? AND name = ?`, account, name)
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO remote_kept (account, name, value) VALUES (?, ?, ?)
			ON CONFLICT (account, name) DO UPDATE SET value = excluded.value`, account, name, value)
		return err
	})
	if err != nil {
		return fmt.Errorf("keep remote %s: %w", name, err)
	}
	return nil
}
