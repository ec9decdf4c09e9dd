// Content, not code: each service page's problems, causes and answers, the words a homeowner
// reads (about 360 lines of text). Split by service it would be six files that change together.
import type { Locale } from "~/lib/locale";

import { spanishServiceDetails } from "./es/service-details.server";
import type { ServiceSlug } from "./services";

export interface ServiceProblem {
  /** The symptom, as a homeowner would say it: "Refrigerator is not cooling". */
  title: string;
  /** Its real causes, in two to four sentences. */
  causes: string;
}

export interface ServiceDetail {
  slug: ServiceSlug;
  metaDescription: string;
  /** Two or three paragraphs. */
  intro: readonly string[];
  /** 8 or 9. */
  problems: readonly ServiceProblem[];
}

/** Each service page's own text: loaded only by the service pages. */
export const serviceDetails: readonly ServiceDetail[] = [
  {
    slug: "refrigerator",
    metaDescription:
      "Refrigerator not cooling, leaking or icing up? Our technicians fix fans, defrost systems, ice makers and compressors, usually within 48 hours.",
    intro: [
      "A refrigerator that stops cooling puts a week of groceries at risk, so we treat it as the urgent job it is. Most cooling problems come down to a handful of parts: the condenser coils and fan that shed heat, the evaporator fan that moves cold air, the defrost system that keeps the evaporator coil clear, and the start relay that gets the compressor going. Our technicians test each of them instead of guessing, and carry the common ones on the truck.",
      "We repair top-freezer, bottom-freezer, side-by-side, French-door and built-in refrigerators, along with their ice makers and water dispensers. Sealed-system work (finding a refrigerant leak, replacing a compressor, recharging) is done only by technicians certified under EPA Section 608, as federal law requires.",
      "While you wait for us, keep the doors closed: an unopened refrigerator keeps food safe for about four hours, and a full freezer holds its temperature for about two days. If you can reach the condenser coils, vacuuming them sometimes brings a struggling refrigerator back on its own.",
    ],
    problems: [
      {
        title: "Refrigerator is not cooling",
        causes:
          "The most common cause is dust-packed condenser coils, or a condenser fan that has stopped, so the refrigerator can't get rid of heat. If the compressor isn't running at all, the start relay or overload protector is often to blame. A failed evaporator fan motor stops cold air from circulating even while the compressor runs, and a sealed-system leak slowly lets out the refrigerant the system needs.",
      },
      {
        title: "Freezer is cold but the fridge section is warm",
        causes:
          "Cold air for the fresh-food section comes from the freezer, so anything that blocks that airflow warms the fridge first. Usually the evaporator coil has iced over because the defrost system failed: a burned-out defrost heater, a defrost thermostat that never closes, or a stuck defrost timer or control board. A failed evaporator fan motor or an air damper stuck closed causes the same symptom.",
      },
      {
        title: "Refrigerator clicks but won't start",
        causes:
          "A click, a short hum and another click every few minutes means the compressor is trying to start and the overload protector is shutting it off. The usual cause is a failed start relay, an inexpensive plug-on part. If a new relay doesn't solve it, we test the compressor windings and tell you plainly whether the repair makes sense for the age of the unit.",
      },
      {
        title: "Water is leaking on the floor",
        causes:
          "Most leaks start with a clogged or frozen defrost drain: meltwater that should run down to the drain pan ends up under the crisper drawers or on the floor. A cracked drain pan, a loose or split water supply line, or a dripping water inlet valve behind the unit are the other common sources. On models with a dispenser, a cracked reservoir or fill tube can leak too.",
      },
      {
        title: "Ice maker is not making ice",
        causes:
          "Ice makers need the freezer near 0°F to cycle, so a warm freezer is the first thing we rule out. After that, the usual causes are a failed water inlet valve, a fill tube frozen solid, a clogged water filter, or water pressure below the roughly 20 psi most inlet valves need. If water reaches the mold but the ice never ejects, the ice maker module itself has failed.",
      },
      {
        title: "Refrigerator is making loud noises",
        causes:
          "A squeal or chirp from inside the freezer usually comes from a worn evaporator fan motor or ice rubbing on its blade. A rattle or buzz near the floor at the back usually points to the condenser fan motor or a loose drain pan. Repeated clicking from the compressor area is the start relay or overload protector, described above.",
      },
      {
        title: "Refrigerator runs all the time",
        causes:
          "A compressor that never cycles off is working too hard. The common reasons are dirty condenser coils, a torn or flattened door gasket that lets warm air in, and a partial defrost failure that leaves the evaporator coil frosted. Low refrigerant from a sealed-system leak produces the same symptom and shows up as only part of the evaporator coil frosting over.",
      },
      {
        title: "Frost is building up in the freezer",
        causes:
          "Frost on food and on the walls near the door means humid room air is getting in, usually through a worn door gasket, a door that doesn't close fully, or a cracked door liner. An even sheet of frost over the back panel points to the defrost system instead: the defrost heater, the defrost thermostat or the defrost timer or control board.",
      },
      {
        title: "Fridge is freezing food",
        causes:
          "If the thermostat isn't simply set too cold, the usual cause is an air damper stuck open, which floods the fresh-food section with freezer air. A faulty thermistor that misreads the temperature, or a control board that keeps the fans running, can cause the same thing. Food stored right in front of the cold-air vent will freeze even in a healthy refrigerator.",
      },
    ],
  },
  {
    slug: "washer",
    metaDescription:
      "Washer won't drain, spin or fill? We repair top-load and front-load washers: drain pumps, door locks, belts, shocks and inlet valves. Book today.",
    intro: [
      "A broken washer turns into a pile of laundry fast. The good news is that most washer failures are mechanical and well understood: a drain pump filter full of debris, a worn lid switch or door lock, a stretched drive belt or broken motor coupler, tired shock absorbers, or inlet valve screens clogged with sediment. Our technicians find the actual fault and fix it, usually with parts already on the truck.",
      "We repair top-load washers with agitators or impellers, front-load washers and stacked laundry centers. Some repairs, such as replacing the tub bearings on a front-loader, cost enough that replacement is worth considering, and we'll tell you so before any work starts.",
      "Before you call: on a front-loader, check the drain pump filter behind the small access door at the bottom front. Socks, coins and hair pins trapped there are behind a lot of service calls. Have towels and a shallow pan ready, because the water in the tub will come out through it.",
    ],
    problems: [
      {
        title: "Washer won't drain",
        causes:
          "The most common cause is a clogged drain pump filter, or a sock or coin jammed in the pump itself. After that come a failed drain pump motor and a kinked or clogged drain hose. On many top-loaders a failed lid switch also stops the drain and spin, because the control won't run the pump with the lid unconfirmed.",
      },
      {
        title: "Washer won't spin",
        causes:
          "A washer won't spin until it has drained, so a drain problem often shows up as a spin problem. Otherwise, we check the lid switch or door lock, a worn or broken drive belt, and on older direct-drive top-loaders the motor coupler, a small plastic-and-rubber part that breaks and leaves the motor humming without turning anything. A load that keeps going off balance can also stop the spin.",
      },
      {
        title: "Washer shakes and walks across the floor",
        causes:
          "First we make sure the washer is level and the shipping bolts were removed from a newer front-loader. Beyond that, front-loaders rely on shock absorbers and suspension springs to steady the tub, and top-loaders on suspension rods or springs, all of which wear out. Worn tub bearings let the drum wobble and make the shaking worse.",
      },
      {
        title: "Washer is loud during the spin cycle",
        causes:
          "A roar that gets louder as the drum speeds up is the classic sign of failed tub bearings, usually after the tub seal has let water in and rusted them. A grinding or rattling noise at the start of the drain is often a coin or button in the drain pump. A squeal on a belt-drive model points to a worn drive belt or motor pulley.",
      },
      {
        title: "Washer is leaking",
        causes:
          "On front-loaders, a torn door boot gasket is the most frequent source, often cut by something left in a pocket. Other causes are worn fill hose washers, a leaking drain pump or drain hose clamp, and a failed tub seal. Too much detergent, or detergent that isn't high-efficiency, can push suds out of the machine.",
      },
      {
        title: "Washer won't fill or fills slowly",
        causes:
          "Small mesh screens inside the water inlet valve, where the hoses connect, catch sediment and slowly choke the flow. If the screens are clean, one of the inlet valve's solenoids may have failed, or the pressure switch or water level sensor may be misreading the tub. Also check that both supply valves behind the washer are fully open.",
      },
      {
        title: "Door won't lock or won't unlock",
        causes:
          "A front-loader won't start until the door lock assembly reports that it has locked, and a worn lock or broken latch on the door stops every cycle. A door that stays locked at the end of a cycle usually means water is still in the tub, which points back to a drain problem. Less often the control board stops sending the lock or unlock signal.",
      },
      {
        title: "Washer won't start at all",
        causes:
          "We start with the simple things: a tripped breaker or GFCI outlet, and a control lock feature that is switched on. Then we test the lid switch or door lock, the start button or selector, and the main control board or timer. On some models a failed motor control board leaves the display lit while nothing else happens.",
      },
      {
        title: "Washer smells musty",
        causes:
          "Mildew grows where water sits: in the folds of a front-loader's door boot, in the drain pump filter and in the detergent drawer. Using too much detergent, or any that isn't high-efficiency, leaves residue that feeds it. A monthly cleaning cycle and leaving the door open between loads prevents most odors; a partly blocked drain that leaves standing water needs a repair.",
      },
    ],
  },
  {
    slug: "dryer",
    metaDescription:
      "Dryer not heating or taking forever to dry? We repair electric and gas dryers: thermal fuses, heating elements, igniters, gas valves and rollers.",
    intro: [
      "Most dryer problems are either no heat or too much heat, and both usually start with airflow. A lint-clogged vent makes the dryer run hot, which blows the thermal fuse, burns out heating elements and stretches drying times from one cycle to three. That's why our technicians check the vent on every dryer call, not just the part that failed.",
      "We repair electric and gas dryers, including stacked units and laundry centers: thermal fuses, heating elements and thermostats, gas valve coils and igniters, drum rollers, idler pulleys, belts, motors and moisture sensors. Gas dryer work is done to code, and every gas repair is checked for leaks before we leave.",
      "If you smell gas, don't run the dryer or flip any switches. Leave the house and call your gas utility from outside. If the dryer smells of burning, stop using it, because lint building up around the heater is a real fire hazard.",
    ],
    problems: [
      {
        title: "Dryer runs but doesn't heat",
        causes:
          "On electric dryers the usual culprits are a blown thermal fuse, an open heating element coil, or a failed high-limit or cycling thermostat. If only one half of the dryer's 240-volt double breaker has tripped, the drum will still turn but there will be no heat. On gas dryers, look at the igniter, the flame sensor and the gas valve coils.",
      },
      {
        title: "Igniter glows but the gas dryer won't light",
        causes:
          "When the igniter glows and then goes dark without a flame, the gas valve solenoid coils are the usual cause: they weaken with heat and stop opening the valve, often only after the dryer warms up. If the igniter doesn't glow at all, it is usually cracked, or the flame sensor has failed open. Because this is gas work, it's a repair for a trained technician, not a weekend project.",
      },
      {
        title: "Dryer takes too long to dry",
        causes:
          "A clogged or crushed exhaust vent is the cause far more often than any part inside the dryer. A vent longer than the manufacturer allows, a plastic or foil duct, or a blocked outside hood all hold in moisture. Inside the dryer, we check the heating element, the gas valve coils and the moisture sensor bars, which fabric softener sheets coat with a film.",
      },
      {
        title: "Dryer won't start",
        causes:
          "On many models a blown thermal fuse cuts power to the motor, so the dryer does nothing when you press Start. The door switch, the start switch, a broken drive belt (some dryers have a belt switch that stops the motor) and the drive motor itself are the other suspects. On an electric dryer, a half-tripped 240-volt breaker can also keep it from starting, so we check the breaker too.",
      },
      {
        title: "Drum won't turn but the motor hums",
        causes:
          "A humming motor with a still drum almost always means the drive belt has snapped or slipped off the idler pulley. If the belt is intact, a seized drum roller, a jammed blower wheel or a failing motor that can't get up to speed is the next thing to check. Running the dryer in this state can overheat the motor, so it's best to turn it off.",
      },
      {
        title: "Dryer is squealing, thumping or scraping",
        causes:
          "A rhythmic thump usually means worn or flat-spotted drum rollers. A high-pitched squeal is typically the idler pulley bearing, and a scraping sound comes from worn drum glides or felt seals, which let the drum rub against the cabinet. Replacing rollers, the idler pulley and the belt together is often the most economical fix.",
      },
      {
        title: "Dryer shuts off before clothes are dry",
        causes:
          "Lint and residue from dryer sheets coat the moisture sensor bars inside the drum, so the dryer thinks the load is dry and ends the cycle early. Cleaning them with rubbing alcohol often fixes it. If it doesn't, the sensor, the control board or an overheating motor that trips its internal protector may be at fault.",
      },
      {
        title: "Dryer gets too hot or smells like burning",
        causes:
          "Overheating is almost always restricted airflow: a clogged vent, a crushed duct behind the dryer, or lint packed around the heater housing. A cycling thermostat stuck closed keeps the heat on too long. Lint is highly flammable, so stop using the dryer until the cause is found.",
      },
    ],
  },
  {
    slug: "oven",
    metaDescription:
      "Oven not heating or temperature off? We repair gas and electric ovens, ranges and cooktops: elements, igniters, sensors and control boards.",
    intro: [
      "An oven that won't heat, or heats 50 degrees off, is usually one of a few parts: a burned-out bake or broil element, a gas igniter that has grown too weak to open the gas valve, a temperature sensor that has drifted out of range, a leaking door gasket, or a relay on the control board. Our technicians measure instead of swapping parts until something works.",
      "We repair freestanding and slide-in ranges, wall ovens, double ovens and gas and electric cooktops, including glass-top and induction surfaces. Gas connections and valve work are done by technicians trained for it, and we leak-check every gas repair before we leave.",
      "If you smell gas, turn off the burners if it's safe to, don't flip any switches, leave the house and call your gas utility or 911 from outside. Don't try to repair a gas valve yourself.",
    ],
    problems: [
      {
        title: "Oven won't heat",
        causes:
          "In electric ovens the bake element is the usual suspect, and a failed one often shows a visible break or blister. In gas ovens it's most often the igniter: a glow-bar igniter can still glow while drawing too little current to open the gas safety valve, which typically needs around 3 amps or more depending on the model. A failed safety valve, a blown thermal fuse or a relay on the control board that no longer closes are the other causes.",
      },
      {
        title: "Oven takes forever to heat up",
        causes:
          "In a gas oven, a slow start usually means a weakening igniter that takes minutes to draw enough current to open the valve. In an electric oven, a bake element that has partly failed or a broil element that no longer helps during preheat stretches the time. A door gasket that leaks heat makes either problem worse.",
      },
      {
        title: "Oven temperature is off",
        causes:
          "Most ovens read their temperature from a sensor whose resistance rises with heat, typically around 1,100 ohms at room temperature. When that sensor drifts, the oven runs hot or cold while the display looks normal. Worn door gaskets, sagging door hinges and a failing element are the other common causes; many ovens also let you adjust the calibration offset a few degrees.",
      },
      {
        title: "Broiler doesn't work",
        causes:
          "In electric ovens the broil element burns out the same way the bake element does. Gas ovens have a separate broil igniter that weakens over time, and a relay on the control board can fail on one circuit and not the other. We test each before replacing anything.",
      },
      {
        title: "Gas burner won't light or keeps clicking",
        causes:
          "A burner that clicks without lighting usually has a dirty or wet spark electrode, a clogged burner port or a burner cap that isn't seated. Clicking that won't stop, even with the knob off, often follows a spill that got moisture into a spark switch; it usually stops once the switch dries out, and if not, the switch or spark module needs replacing.",
      },
      {
        title: "Electric burner or glass-top element won't heat",
        causes:
          "On coil tops, a burned terminal block (receptacle) or a loose element is common and easy to see. On glass tops, the radiant element under the glass can fail, and on both types the infinite switch behind the knob can stop controlling the heat. If an element heats only on high, the infinite switch is almost always the cause.",
      },
      {
        title: "Oven won't self-clean or the door stays locked",
        causes:
          "Self-clean runs at very high temperatures, which is hard on the door lock motor and switch assembly, the thermal fuse and the control board. A door stuck locked after a cycle usually means the lock motor or its switch has failed, or the thermal fuse has tripped. Don't force the door; the lock can be released safely once the fault is found.",
      },
      {
        title: "Heat or smoke escapes around the oven door",
        causes:
          "The door gasket flattens, tears and loses its seal over time, letting heat and cooking smoke out around the door. Bent or worn door hinges let the door hang crooked so it doesn't close tight. Both waste energy and throw off cooking temperatures, and both are straightforward to replace.",
      },
      {
        title: "Control panel is blank or shows an error code",
        causes:
          "A power surge, a failed touchpad (membrane switch) or a fault on the control board can leave the display dark or stuck on an error code. Some error codes point to another part, such as a sensor or door lock, that the control has detected as faulty. We read the code, test the part it names, and replace the board only when it's really the board.",
      },
    ],
  },
  {
    slug: "dishwasher",
    metaDescription:
      "Dishwasher not cleaning, draining or filling? We repair filters, wash arms, pumps, inlet valves, float switches, door latches and heating elements.",
    intro: [
      "Dishwashers are simpler than they look: a valve fills the tub, a circulation pump sprays water through the wash arms, a heater warms the water, and a drain pump empties it. When dishes come out dirty, the tub holds water, or water ends up on the floor, one of those systems has a fault, and our technicians will find which one.",
      "We repair built-in, drawer and portable dishwashers: filters, wash arms, circulation and drain pumps, inlet valves, float switches, door latches, heating elements and control boards. If your dishwasher leaks, turn off the water supply valve under the sink until we arrive.",
      "Many dishwashers made in the last decade have a filter you're meant to clean by hand. If yours has never been cleaned, twist it out of the tub floor and rinse it; that alone fixes a surprising number of cleaning and drainage complaints.",
    ],
    problems: [
      {
        title: "Dishes aren't coming out clean",
        causes:
          "The most common cause is a clogged filter in the bottom of the tub, followed by spray holes in the wash arms blocked with food or hard-water scale. If both are clear, the circulation pump may be weak, or the inlet valve may not be letting in enough water. Water that isn't hot enough also hurts cleaning, so running the kitchen tap until it's hot before starting a cycle helps.",
      },
      {
        title: "Dishwasher won't drain",
        causes:
          "Standing water usually means a clogged filter or a failed drain pump. A kinked drain hose, a blocked air gap on the sink, or a clogged garbage disposal connection can stop the flow too. On a new installation, the knockout plug inside the disposal's dishwasher inlet may never have been removed.",
      },
      {
        title: "Dishwasher is leaking",
        causes:
          "Leaks under the door usually come from a worn door gasket, a door that isn't latching tight, or suds from regular dish soap used in place of dishwasher detergent. Leaks from underneath point to a loose hose clamp, a failing pump seal or a cracked wash arm mount. A float switch that sticks can let the tub overfill and spill over.",
      },
      {
        title: "Dishwasher won't fill with water",
        causes:
          "The water inlet valve is the usual cause; its solenoid fails or its screen clogs. A float switch stuck in the raised position tells the control the tub is already full, so it never opens the valve. A door latch switch that doesn't close, or a supply valve under the sink left partly shut, stops the fill as well.",
      },
      {
        title: "Dishwasher won't start",
        causes:
          "Most no-start problems are at the door: a worn latch or a door switch that no longer tells the control the door is closed. Check too that the child lock isn't on and that the breaker or outlet has power. If those are fine, a thermal fuse or the control board is the next suspect.",
      },
      {
        title: "Dishes aren't drying",
        causes:
          "Models that dry with heat use a heating element in the tub floor, and a burned-out element or a failed high-limit thermostat leaves everything wet. Many newer dishwashers dry by condensation instead, and depend on rinse aid to let water sheet off, so an empty rinse-aid dispenser is worth checking first. Plastic items rarely dry fully in any dishwasher.",
      },
      {
        title: "Dishwasher makes a grinding or humming noise",
        causes:
          "Grinding often means something hard, such as a piece of glass, a bone or a pit, has reached the pump impeller. A loud hum with no water moving points to a seized drain pump or circulation pump. A thumping sound during the wash can simply be a wash arm striking a tall dish.",
      },
      {
        title: "Detergent dispenser doesn't open",
        causes:
          "A dispenser door can be blocked by a tall item on the bottom rack, or jammed by detergent caked around the latch. If neither is the case, the dispenser's actuator, a small wax motor or solenoid, has failed, or the control board isn't sending it power. The dispenser is usually replaced as a single assembly.",
      },
      {
        title: "Dishwasher smells bad",
        causes:
          "Food trapped in the filter and water left standing in the sump are the usual sources. A drain hose without a high loop, or one connected below the disposal's outlet, can let dirty sink water flow back into the dishwasher. Cleaning the filter and running an empty hot cycle with a dishwasher cleaner takes care of most odors.",
      },
    ],
  },
  {
    slug: "microwave",
    metaDescription:
      "Microwave not heating, sparking or dead? We repair over-the-range and built-in microwaves safely: diodes, magnetrons, door switches and fuses.",
    intro: [
      "Please don't open a microwave's cabinet yourself. Its high-voltage capacitor can hold a lethal charge of several thousand volts for a long time after the microwave is unplugged. Our technicians discharge it properly before they touch anything inside.",
      "Most microwaves that run but don't heat have a failed high-voltage diode, magnetron or capacitor. Microwaves that are completely dead often have a blown line fuse, which in turn usually traces back to a failed door switch. We repair over-the-range, built-in, drawer and combination convection microwaves, including their vent fans, lights and turntables.",
      "We'll also be straight with you: fixing a basic countertop microwave can cost more than buying a new one, and when it does, we'll say so. Over-the-range and built-in models are a different story, and repairing them almost always makes sense.",
    ],
    problems: [
      {
        title: "Microwave runs but doesn't heat",
        causes:
          "The light comes on, the turntable turns and the fan runs, but food stays cold. The usual cause is a failed high-voltage diode; next come the magnetron, which generates the microwaves, the high-voltage capacitor and the high-voltage transformer. These parts carry lethal voltage, so this repair is strictly for a trained technician.",
      },
      {
        title: "Microwave is completely dead",
        causes:
          "A dead display usually means a blown line fuse. Microwaves have several door switches, and one of them is designed to blow that fuse on purpose if the switches close out of order, so a new fuse alone often blows again until the faulty door switch is replaced. A tripped thermal cutoff or a failed control board can also leave the microwave dead.",
      },
      {
        title: "Microwave is sparking inside",
        causes:
          "Sparks usually come from the waveguide cover, a small mica or plastic panel on the inside wall, once it's soaked with grease or burned through. Peeling interior paint, a damaged rack support and metal left in the cavity cause arcing too. Stop using the microwave, because continued arcing can damage the magnetron, which costs far more than a new cover.",
      },
      {
        title: "Turntable doesn't turn",
        causes:
          "First check that the glass tray is seated on its coupler and the roller ring is clean. If the tray still won't turn, the turntable motor under the cavity floor has usually failed, or its drive coupler has cracked. It's a common, inexpensive repair.",
      },
      {
        title: "Microwave hums loudly or buzzes",
        causes:
          "A steady low hum while cooking is normal. A loud buzz or growl, especially with little or no heating, usually comes from a failing magnetron or a shorted high-voltage diode or capacitor. Sometimes a cooling fan with a worn bearing or a bent blade is all that's wrong.",
      },
      {
        title: "Keypad doesn't respond",
        causes:
          "The touchpad is a membrane switch that wears out, especially when steam or grease gets behind it. If some buttons work and others don't, the touchpad is usually at fault; if none work, the control board is the more likely cause. We test both before ordering a part.",
      },
      {
        title: "Microwave won't start when the door is closed",
        causes:
          "The control won't run the microwave unless every door switch confirms the door is shut. A broken latch hook on the door, or a worn primary or secondary door switch, will stop the start. Door switches are a safety system, so they should be replaced with the correct parts and tested, never bypassed.",
      },
      {
        title: "Vent fan or light won't turn off",
        causes:
          "Over-the-range microwaves have a thermal sensor that turns the vent fan on by itself when the cooktop below gets hot; that's normal and protects the electronics. If the fan or light stays on with the cooktop cold, a relay on the control board has usually stuck closed. A fan that won't run at all points to the fan motor or its relay.",
      },
      {
        title: "Microwave stops in the middle of cooking",
        causes:
          "A microwave that shuts off partway through is usually overheating and tripping a thermal cutoff on the magnetron or cavity. Blocked vents, a failing cooling fan or a weak magnetron can all cause it. A door switch that loses contact when the door is bumped can stop the cycle too.",
      },
    ],
  },
];

export function serviceDetailBySlug(
  slug: string,
  locale: Locale = "en",
): ServiceDetail | undefined {
  const details = locale === "es" ? spanishServiceDetails : serviceDetails;
  return details.find((detail) => detail.slug === slug);
}
