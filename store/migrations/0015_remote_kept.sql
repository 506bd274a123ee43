-- 0015: what a protocol keeps of its account between runs, by name (TT-RSS:
-- its session id, the titles of its categories), for the account
-- ("type url user") it belongs to. Values may be secrets (a session id
-- opens the account as a password does): the store hands them back to the
-- account's protocol only and never prints them. Changing the account
-- drops the former account's rows.
CREATE TABLE remote_kept (
    account TEXT NOT NULL,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (account, name)
);
