package dev.execd.config;

import java.util.ArrayList;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Sets how the heap gives memory back ({@link ExecdProperties.Heap}) through the JVM's
 * manageable flags, because {@code java -jar} cannot carry JVM flags of its own. With its
 * defaults, G1 keeps up to 70 % of the heap free after a collection and collects an idle
 * heap never, so a server that once held thousands of sessions stays at the size they
 * grew it to (BENCHMARKS.md, "RSS per idle session").
 * <p>
 * A flag given on the command line (or by {@code JAVA_TOOL_OPTIONS}, or by the image's
 * options file) is left as it is; the two free ratios are set together or not at all,
 * since the JVM refuses a minimum above the maximum.
 */
public final class HeapFootprint {

	private static final Log logger = LogFactory.getLog(HeapFootprint.class);

	private final @Nullable HotSpotDiagnosticMXBean vm;

	public HeapFootprint(@Nullable HotSpotDiagnosticMXBean vm) {
		this.vm = vm;
	}

	/**
	 * Sets each flag still at the JVM's default.
	 * @return the flags set, as {@code name=value}
	 */
	public List<String> apply(ExecdProperties.Heap heap) {
		List<String> set = new ArrayList<>();
		try {
			applyTo(set, heap);
		}
		catch (IllegalArgumentException | UnsupportedOperationException | NullPointerException ex) {
			// A JVM without one of these flags (not HotSpot, or an older one) starts as
			// it is.
			logger.info("Heap: left as the JVM sized it (" + ex.getMessage() + ")");
		}
		return set;
	}

	private void applyTo(List<String> set, ExecdProperties.Heap heap) {
		if (isDefault("MinHeapFreeRatio") && isDefault("MaxHeapFreeRatio")) {
			int max = Integer.parseInt(this.vm.getVMOption("MaxHeapFreeRatio").getValue());
			// The JVM checks min <= max on each change: lower the minimum first when the
			// maximum goes down, raise the maximum first when it goes up.
			if (heap.maxFreeRatio() < max) {
				set(set, "MinHeapFreeRatio", heap.minFreeRatio());
				set(set, "MaxHeapFreeRatio", heap.maxFreeRatio());
			}
			else {
				set(set, "MaxHeapFreeRatio", heap.maxFreeRatio());
				set(set, "MinHeapFreeRatio", heap.minFreeRatio());
			}
		}
		if ("true".equals(this.vm.getVMOption("UseG1GC").getValue()) && isDefault("G1PeriodicGCInterval")) {
			set(set, "G1PeriodicGCInterval", heap.idleCollection().toMillis());
		}
		if (!set.isEmpty()) {
			logger.info("Heap: " + String.join(", ", set));
		}
	}

	private boolean isDefault(String flag) {
		return this.vm.getVMOption(flag).getOrigin() == VMOption.Origin.DEFAULT;
	}

	private void set(List<String> set, String flag, long value) {
		String text = Long.toString(value);
		if (!text.equals(this.vm.getVMOption(flag).getValue())) {
			this.vm.setVMOption(flag, text);
			set.add(flag + "=" + text);
		}
	}

}
