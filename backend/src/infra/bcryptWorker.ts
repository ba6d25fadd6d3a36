// Runs inside a worker thread (Node strips the types itself): bcrypt off the event loop.
import bcrypt from 'bcryptjs';

interface Task {
  op: 'hash' | 'compare';
  password: string;
  hash?: string;
  cost?: number;
}

/** @public the worker threads' entry (loaded by path in passwords.ts) */
export default function run(task: Task): Promise<string | boolean> {
  if (task.op === 'hash') return bcrypt.hash(task.password, task.cost ?? 12);
  return bcrypt.compare(task.password, task.hash ?? '');
}
