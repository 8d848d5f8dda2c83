-- Invitation links (decision 0014): whoever holds an invitation's link may read that one invitation,
-- whatever their e-mail, so the invite page can show where the link leads, or say that it was sent to
-- another address. The server sets app.invitation_token_hash, transaction-local, to the SHA-256 of
-- the token presented, for that lookup only (features/invitations/invitation-links.ts). The hash of a
-- 32-byte random secret cannot be guessed, and invitations without a link never match. Writing stays
-- with the tenant's own scope.
CREATE POLICY invitation_link_read ON invitations FOR SELECT USING (
  token_hash IS NOT NULL AND token_hash = nullif(current_setting('app.invitation_token_hash', true), '')
);
