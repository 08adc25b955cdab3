package dev.execd.files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A path inside one root, lexically normalized: since the walk below the root never
 * follows a symbolic link, the lexical path is where the bytes really are.
 *
 * @param root the root's real path, where the walk starts
 * @param path the absolute path, {@code root} or below it
 */
public record FilePath(Path root, Path path) {

	/** The names to walk from the root; empty for the root itself. */
	List<String> names() {
		List<String> names = new ArrayList<>();
		for (Path name : this.root.relativize(this.path)) {
			if (!name.toString().isEmpty()) {
				names.add(name.toString());
			}
		}
		return names;
	}

	boolean isRoot() {
		return this.path.equals(this.root);
	}

	/** The last name; the root itself has none. */
	String leaf() {
		List<String> names = names();
		return names.get(names.size() - 1);
	}

	/** An entry's path; bytes of the name that are not UTF-8 show as U+FFFD. */
	FilePath child(String name) {
		return new FilePath(this.root, this.path.resolve(Names.display(name)));
	}

	@Override
	public String toString() {
		return this.path.toString();
	}

}
