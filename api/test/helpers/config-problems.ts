// What loadConfig refuses in an environment: its Spanish problems, one per setting ([] when none).
import { ConfigError, loadConfig } from '../../src/config';

export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
