import { join } from 'node:path';
import { readIfExists, removeIfExists, writePrivate } from './private-files.js';

/**
 * Where a remote profile keeps its client secret and cached access token (cli.md: "Secrets never go
 * into the config file in clear"; "cached tokens live in a 0600 file"):
 *   <config dir>/secrets/<profile>.secret   written by `payroll auth login`
 *   <config dir>/tokens/<profile>.json      the access token until shortly before it expires (and,
 *                                           after `payroll auth login --user`, the refresh token)
 */
const safeName = (profile: string) => profile.replace(/[^\w.-]/g, '_');

export function secretPath(configDir: string, profile: string): string {
  return join(configDir, 'secrets', `${safeName(profile)}.secret`);
}

export function tokenCachePath(configDir: string, profile: string): string {
  return join(configDir, 'tokens', `${safeName(profile)}.json`);
}

/** Held while a user sign-in's refresh token is being spent (docs/decisions.md H20). */
export function tokenLockPath(configDir: string, profile: string): string {
  return join(configDir, 'tokens', `${safeName(profile)}.lock`);
}

export function readSecretFile(configDir: string, profile: string): string | null {
  const text = readIfExists(secretPath(configDir, profile));
  return text === null ? null : text.trim();
}

export function writeSecretFile(configDir: string, profile: string, secret: string): string {
  const path = secretPath(configDir, profile);
  writePrivate(path, `${secret}\n`);
  return path;
}

export function removeSecretFile(configDir: string, profile: string): boolean {
  return removeIfExists(secretPath(configDir, profile));
}
