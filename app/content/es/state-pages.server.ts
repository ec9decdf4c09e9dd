// Contenido, no código: las páginas de cada estado en español de EE. UU. (de "usted"), escritas
// para quien busca "reparación de electrodomésticos en Houston" o "en Spring Hill". Los términos
// siguen docs/glossary-es.md; los nombres de lugares, calles y carreteras quedan como son.
import type { StatePageContent } from "../state-pages.server";

export const spanishStatePages: readonly StatePageContent[] = [
  {
    slug: "virginia",
    metaDescription:
      "Reparación de electrodomésticos en el norte de Virginia desde nuestra oficina de Fairfax. Refrigeradores, lavadoras, secadoras, hornos y lavavajillas en Fairfax, Arlington y Loudoun.",
    intro: [
      "En el norte de Virginia, los electrodomésticos trabajan duro. Una casa adosada en Centreville o un condominio en Arlington muchas veces tiene la lavadora y la secadora apiladas en un clóset del pasillo, un lavavajillas que funciona todas las noches y un refrigerador que tiene que aguantar un verano largo y pegajoso. Cuando uno de ellos falla, casi siempre se van con él los planes de la semana.",
      "Easy Appliance Repair atiende la región desde una oficina en University Drive, en Fairfax. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas, y organizamos las visitas según la forma de vivir de aquí: trayectos largos por la I-66 y la I-95, edificios con reglas sobre cuándo pueden entrar los contratistas y hogares donde nadie llega hasta la tarde. Usted elige un horario de mañana, de tarde o al final del día, y por lo general llegamos en 48 horas.",
    ],
    areasIntro:
      "Desde Fairfax cubrimos los condados y las ciudades independientes del norte de Virginia: el condado de Fairfax y la ciudad de Fairfax, donde está nuestra oficina; Arlington, Alexandria y Falls Church dentro del Beltway; Loudoun al noroeste y Prince William al sur, incluidas las ciudades de Manassas y Manassas Park; y más lejos, Fauquier y Stafford. Un edificio alto cerca de una estación de Metro, una casa de los años sesenta o una construcción nueva en Loudoun reciben el mismo equipo y el mismo cuidado.",
    whyChooseUs: [
      {
        title: "Visitas a condominios y HOA bien hechas",
        text: "Muchos edificios de Arlington y Alexandria piden que los contratistas se registren en la recepción, reserven el elevador de servicio o manden documentos por adelantado. Díganos al reservar lo que pide su edificio o su HOA y lo resolvemos antes de que llegue el técnico.",
      },
      {
        title: "Horarios que se ajustan a su trayecto",
        text: "Trabajamos de lunes a sábado, de 8 a. m. a 6 p. m., con horarios de mañana, de tarde y al final del día. Si no puede salir temprano de la oficina, un horario a última hora de la tarde o una visita el sábado casi siempre lo resuelve.",
      },
      {
        title: "Expertos en lavanderías apiladas y en clósets",
        text: "Las lavadoras y secadoras apiladas y las instalaciones en clósets son lo normal en las casas adosadas y los condominios del norte de Virginia. Nuestros técnicos saben atenderlas en espacios reducidos sin dañar pisos, molduras ni las conexiones de agua y ventilación de atrás.",
      },
      {
        title: "Un solo técnico de principio a fin",
        text: "Si su reparación necesita una pieza, el mismo técnico que hizo el diagnóstico regresa a instalarla. No tiene que explicar el problema dos veces ni preguntarse quién va a llegar.",
      },
      {
        title: "Personas verificadas en su casa",
        text: "Todas las personas que enviamos a un hogar pasaron una verificación de antecedentes y una prueba de drogas, así que sabe quién entra por su puerta, sea una casa o un apartamento en un edificio con seguridad.",
      },
    ],
    localIssues: [
      {
        title: "Ductos de secadora largos y apilados",
        text: "En las casas adosadas y los condominios, la salida de la secadora muchas veces recorre un tramo largo hasta el techo o a un ducto compartido. La pelusa se acumula en el camino, la ropa tarda dos o tres ciclos en secarse y la secadora se calienta tanto que funde fusibles térmicos y desgasta las resistencias. Un ducto tapado es además una causa conocida de incendios, así que vale la pena llamar si la ropa tarda mucho en secarse.",
      },
      {
        title: "Veranos calurosos y húmedos",
        text: "Los veranos del norte de Virginia son calientes y bochornosos. Los refrigeradores y congeladores trabajan más tiempo para mantenerse fríos, el polvo y el pelo de las mascotas se acumulan en los serpentines del condensador, y los empaques gastados dejan entrar aire húmedo que se convierte en escarcha y en agua en el piso. Los congeladores del garaje y del sótano son los que más sufren.",
      },
      {
        title: "Agua más dura en Loudoun y Prince William",
        text: "El agua en partes de Loudoun y Prince William es moderadamente dura. Con el tiempo, los minerales dejan sarro en los brazos rociadores del lavavajillas, tapan las mallas de las válvulas de entrada de lavadoras y lavavajillas y hacen más lentas las máquinas de hielo, y eso se nota en vasos opacos, llenados lentos y cubos de hielo pequeños o huecos.",
      },
      {
        title: "Tormentas de verano y subidas de voltaje",
        text: "Las tormentas de la tarde pasan todo el verano y cortan la luz por minutos u horas. La subida de voltaje cuando vuelve la corriente castiga las tarjetas de control electrónicas de los refrigeradores, estufas y lavadoras nuevos. Un buen protector contra sobretensiones es un seguro barato, y podemos decirle si un electrodoméstico que no enciende necesita una tarjeta o solo un reinicio.",
      },
      {
        title: "Casas de la posguerra con instalación eléctrica vieja",
        text: "Arlington, Falls Church y las zonas más antiguas del condado de Fairfax tienen muchas casas y apartamentos construidos entre los años cuarenta y sesenta. Las cocinas remodeladas muchas veces todavía conectan electrodomésticos nuevos a circuitos viejos, lo que causa interruptores botados, tomacorrientes flojos y equipos que se reinician solos. Le decimos con claridad cuando la solución le toca a un electricista y no a nosotros.",
      },
    ],
    callToAction: {
      heading: "¿Problemas con un electrodoméstico en el norte de Virginia?",
      text: "Llame a nuestra oficina de Fairfax o reserve en línea. Díganos el electrodoméstico, la marca y qué está haciendo, y le ofreceremos un horario que se ajuste a su trayecto y a las reglas de su edificio.",
    },
  },
  {
    slug: "new-jersey",
    metaDescription:
      "Reparación de electrodomésticos en el centro de Nueva Jersey desde nuestra oficina de Bridgewater. Lavadoras, secadoras, refrigeradores y hornos en Somerset, Middlesex, Monmouth y Ocean.",
    intro: [
      "El centro de Nueva Jersey está lleno de casas construidas en los años cincuenta, sesenta y setenta: casas de varios niveles en el condado de Middlesex, casas de un piso en Somerset y casas de playa en Monmouth y Ocean, muchas de ellas elevadas y reconstruidas después de Sandy. Muchas todavía tienen la lavandería en el sótano y el ducto de secadora original, y los electrodomésticos de adentro son mucho más complicados que cualquier cosa para la que se construyó la casa.",
      "Easy Appliance Repair atiende Nueva Jersey desde una oficina en la Ruta 22 en Bridgewater, con las rutas 202, 206, 287 y 78 muy cerca. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas, de lunes a sábado, y por lo general llegamos en 48 horas, ya sea que viva a diez minutos de la oficina o bajando por el Parkway, en la costa.",
    ],
    areasIntro:
      "Desde Bridgewater atendemos el condado de Somerset, donde está la oficina, y los vecinos Hunterdon, Union y Middlesex; el condado de Mercer, alrededor de Princeton y Trenton; Monmouth y Ocean, en la costa; y el condado de Burlington, al sur. Eso incluye desde granjas de caballos en Hunterdon y apartamentos en New Brunswick hasta casas de verano desde Asbury Park hasta Long Beach Island.",
    whyChooseUs: [
      {
        title: "Una oficina central cerca de su salida",
        text: "Bridgewater está donde se cruzan las rutas 287, 78, 22 y 202, así que nuestros técnicos llegan rápido a Somerset, Hunterdon, Middlesex y Union, y pueden bajar a Monmouth y Ocean sin empezar en el tráfico del norte de Jersey.",
      },
      {
        title: "Cómodos en casas antiguas",
        text: "Los sótanos de techo bajo, las escaleras angostas, los tomacorrientes de dos clavijas y los ductos de secadora que atraviesan un sótano terminado son trabajo de todos los días para nosotros. Reparamos el electrodoméstico y le decimos claramente cuando un tomacorriente, un circuito o un ducto necesita un electricista o un contratista con licencia.",
      },
      {
        title: "Casas de playa y segundas residencias",
        text: "Si su casa en la costa es una segunda residencia, díganos al reservar quién le abrirá al técnico, y el técnico puede llamarle para explicarle lo que encontró.",
      },
      {
        title: "El mismo técnico en cada visita",
        text: "Cuando una reparación necesita una pieza, el técnico que diagnosticó la falla regresa a terminar el trabajo. Ya conoce su electrodoméstico y su casa.",
      },
      {
        title: "Con garantía de devolución",
        text: "Nuestras reparaciones tienen garantía de devolución, y las personas que enviamos a su casa pasaron verificaciones de antecedentes y pruebas de drogas.",
      },
    ],
    localIssues: [
      {
        title: "El aire salado de la costa de Jersey",
        text: "En los condados de Monmouth y Ocean, el aire salado se mete en todo. Corroe los serpentines del condensador y los motores de ventilador de los refrigeradores, pica los gabinetes de lavadoras y secadoras y daña las terminales eléctricas, lo que causa fallas intermitentes que van y vienen con el clima. Los refrigeradores del garaje y las cocinas exteriores cerca de la playa son los que más sufren.",
      },
      {
        title: "Agua moderadamente dura",
        text: "El agua en partes del centro de Nueva Jersey es moderadamente dura, y muchas casas del condado de Hunterdon con pozo propio tienen agua todavía más dura. Los minerales se acumulan en los brazos rociadores y los filtros del lavavajillas, tapan las mallas de entrada de lavadoras y lavavajillas y hacen más lentas las máquinas de hielo y los dispensadores de agua del refrigerador.",
      },
      {
        title: "Lavanderías en el sótano, humedad y bombas de sumidero",
        text: "Las lavanderías del sótano son húmedas en verano: oxidan los gabinetes de lavadoras y secadoras y hacen que la secadora chupe aire húmedo. Donde el sótano se inunda, los motores y las tarjetas de control que van abajo en lavadoras y secadoras son lo primero que se daña, como descubrieron muchas casas del condado de Somerset cerca de los ríos Raritan y Millstone con Ida en 2021. Una lavadora que desagua en un fregadero compartido con la línea del sumidero es otra causa común de reflujos.",
      },
      {
        title: "Instalación eléctrica y ductos viejos en casas de mediados de siglo",
        text: "Muchas casas de los años cincuenta a setenta todavía tienen los circuitos originales, tomacorrientes sin tierra y ductos de secadora flexibles de aluminio o plástico. Los electrodomésticos nuevos con controles electrónicos no se llevan bien con conexiones flojas o sin tierra, y los ductos aplastados o de plástico atrapan pelusa y sobrecalientan la secadora. El ducto de metal rígido es la opción más segura.",
      },
      {
        title: "Nor'easters, tormentas costeras y subidas de voltaje",
        text: "Los nor'easters y las tormentas tropicales traen apagones largos, y la subida de voltaje cuando vuelve la corriente puede dañar las tarjetas de control de refrigeradores, estufas y lavadoras. Si un electrodoméstico quedó bajo el agua de una inundación, no lo vuelva a conectar hasta que lo revisen: el agua en el cableado y los controles es un riesgo de descarga y de incendio.",
      },
    ],
    callToAction: {
      heading: "¿Un electrodoméstico descompuesto en el centro de Jersey?",
      text: "Llame a nuestra oficina de Bridgewater o reserve en línea. De Somerset a la costa, encontraremos un horario que le funcione y le enviaremos a un técnico que conoce las casas de Nueva Jersey.",
    },
  },
  {
    slug: "texas",
    metaDescription:
      "Reparación de electrodomésticos en Houston y Dallas–Fort Worth. Reparamos refrigeradores, lavadoras, secadoras y lavavajillas dañados por el agua dura, el calor y las tormentas. Reserve su visita.",
    intro: [
      "Texas es duro con los electrodomésticos. En Houston el verano empieza temprano y termina tarde, el agua en las zonas de Houston y Dallas–Fort Worth es tan dura que deja sarro en todo lo que toca, y cada temporada de huracanes trae el riesgo de apagones largos en la costa del Golfo. Un refrigerador en un garaje de Katy o un lavavajillas en una cocina de Sugar Land trabaja mucho más que el mismo modelo en el norte del país.",
      "La oficina de Easy Appliance Repair en Texas está en West Alabama Street, cerca de la Galleria, en Houston. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas, y por lo general tenemos a un técnico en su casa en 48 horas. Las citas son de lunes a sábado, de 8 a. m. a 6 p. m., hora del Centro, en horarios de mañana, de tarde y al final del día.",
    ],
    areasIntro:
      "Nuestra oficina de Houston cubre el condado de Harris y los condados de alrededor: Fort Bend, Montgomery, Brazoria, Galveston, Liberty, Waller, Wharton y Walker. Nuestra zona de servicio en Texas también incluye los condados de Dallas–Fort Worth: Dallas, Tarrant, Collin, Denton, Rockwall, Ellis y Kaufman. Eso quiere decir Pearland, League City, The Woodlands y Huntsville alrededor de Houston, y Plano, Frisco, Arlington, Rockwall y Waxahachie en el norte.",
    whyChooseUs: [
      {
        title: "Preparados para el calor de Texas",
        text: "Cada verano vemos ventiladores del condensador gastados, serpentines tapados y compresores que trabajan de más. Cuando revisamos su refrigerador, vemos cómo está aguantando el calor, no solo la pieza que falló, para que no tenga que llamarnos otra vez en agosto.",
      },
      {
        title: "Reparaciones por agua dura que duran",
        text: "Las válvulas de entrada con sarro, los brazos rociadores tapados y las máquinas de hielo lentas son trabajo de rutina aquí. Cambiamos lo que está gastado, limpiamos lo que se puede limpiar y le enseñamos el mantenimiento sencillo que evita que el sarro vuelva de inmediato.",
      },
      {
        title: "Listos para la temporada de tormentas",
        text: "Después de un apagón, un electrodoméstico que no arranca puede necesitar una tarjeta de control nueva, o solo un reinicio. Sabemos qué revisar primero para que pague únicamente la reparación que de verdad necesita.",
      },
      {
        title: "Houston y Dallas–Fort Worth",
        text: "Una sola empresa cubre los condados de Houston y la zona de Dallas–Fort Worth, con las mismas promesas en todas partes: servicio por lo general en 48 horas, garantía de devolución y consejos técnicos honestos.",
      },
      {
        title: "Un solo técnico, con antecedentes verificados",
        text: "El técnico que diagnostica su electrodoméstico es el mismo que regresa a terminar el trabajo, y todas las personas que enviamos a un hogar pasaron una verificación de antecedentes y una prueba de drogas.",
      },
    ],
    localIssues: [
      {
        title: "Agua muy dura",
        text: "Houston y Dallas–Fort Worth tienen agua dura. El calcio y el magnesio se acumulan en las válvulas de entrada de lavavajillas y lavadoras hasta que las mallas se tapan y el llenado se vuelve un hilito, cubren los brazos rociadores y la resistencia del lavavajillas, y achican el hielo que sale de la máquina de hielo del refrigerador. Los vasos opacos y las lavadoras que tardan en llenarse suelen ser la primera señal.",
      },
      {
        title: "Veranos largos, calientes y húmedos",
        text: "De mayo a octubre, los refrigeradores funcionan casi sin parar. El polvo, la pelusa y el pelo de las mascotas tapan los serpentines del condensador, el compresor trabaja más caliente y el refrigerador poco a poco deja de mantener fría la comida. Los refrigeradores y congeladores del garaje son los que peor lo pasan: la mayoría de los modelos no están hechos para un garaje de Texas en agosto.",
      },
      {
        title: "Apagones y subidas de voltaje en temporada de huracanes",
        text: "La temporada de huracanes va de junio a noviembre, y tormentas como Beryl en 2024 dejaron a gran parte de la zona de Houston sin luz por días. Los apagones echan a perder la comida y dejan malos olores en los refrigeradores, y las subidas y bajadas de voltaje cuando vuelve la corriente dañan las tarjetas de control y los componentes de arranque del compresor.",
      },
      {
        title: "Casas sobre losa y ductos de secadora largos",
        text: "Casi todas las casas de Texas están construidas sobre losa, así que la secadora muchas veces ventila hacia arriba por el ático hasta el techo, o por un tramo largo hasta una pared exterior. La pelusa se junta en esos ductos largos y en la salida del techo, la ropa tarda cada vez más en secarse y la secadora se sobrecalienta hasta que falla un fusible térmico o la resistencia. Limpiar el ducto con regularidad es tanto un asunto de seguridad como una reparación.",
      },
      {
        title: "Heladas poco comunes, daños costosos",
        text: "Las heladas fuertes no llegan seguido, pero cuando llegan, como en febrero de 2021, el agua que queda en las lavadoras y en las líneas de la máquina de hielo que pasan por garajes y paredes exteriores puede congelarse y rajar válvulas y mangueras. Si viene una helada, vale la pena mantener calientes esos espacios.",
      },
    ],
    callToAction: {
      heading: "Que el calor no le gane: repare su electrodoméstico",
      text: "Llame a nuestra oficina de Houston o reserve en línea. Díganos qué falla y le enviaremos a un técnico que sabe lo que el agua, el calor y las tormentas de Texas les hacen a los electrodomésticos.",
    },
  },
  {
    slug: "north-carolina",
    metaDescription:
      "Reparación de electrodomésticos desde nuestra oficina de Sanford para los pueblos de Lee, Chatham, Harnett, Moore y Wake. Reparamos fallas por agua de pozo, tormentas y uso diario en todos los electrodomésticos.",
    intro: [
      "Nuestra zona de servicio en Carolina del Norte va del campo a suburbios que crecen rápido. Al oeste de Sanford, las casas de Bonlee, Goldston y Bear Creek muchas veces tienen pozo propio, con electrodomésticos que llevan años trabajando duro. Al este, las colonias nuevas de Apex, Holly Springs y Fuquay-Varina se están llenando de equipos nuevos llenos de sensores y electrónica. Los dos necesitan un servicio de reparación que sepa lo que va a encontrar.",
      "Easy Appliance Repair trabaja desde una oficina en South Horner Boulevard, en Sanford, justo en medio de ese territorio. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas, por lo general en 48 horas, y el mismo técnico se queda con su reparación desde el diagnóstico hasta el trabajo terminado.",
    ],
    areasIntro:
      "Desde Sanford atendemos comunidades del condado de Lee como Broadway y Lemon Springs; Pittsboro, Siler City, Goldston, Bonlee, Bennett, Bear Creek, Gulf y Moncure en el condado de Chatham; Lillington, Buies Creek y Olivia en el condado de Harnett; Carthage, Cameron, Vass, Lakeview y High Falls en el condado de Moore; y el Triángulo, desde New Hill, Apex, Holly Springs y Fuquay-Varina hasta Cary, Raleigh y Chapel Hill.",
    whyChooseUs: [
      {
        title: "En medio del pueblo y del campo",
        text: "Sanford queda entre los pueblos rurales de los condados de Chatham, Lee, Harnett y Moore y los suburbios del Triángulo, así que podemos llegar el mismo día a una casa de campo cerca de Siler City y a una casa nueva en Holly Springs.",
      },
      {
        title: "Entendemos el agua de pozo",
        text: "El hierro y el sedimento de los pozos privados están detrás de muchas de las fallas que vemos en lavadoras, lavavajillas y máquinas de hielo. Limpiamos o cambiamos las piezas tapadas y le decimos qué ayudaría antes del equipo, como un filtro de sedimento, para que el problema no vuelva enseguida.",
      },
      {
        title: "Equipos viejos y nuevos",
        text: "Trabajamos en la lavadora de hace décadas de una casa de campo y en la estufa conectada a una app de una colonia nueva. Cuando un electrodoméstico viejo no vale la pena repararlo o ya no se fabrican sus piezas, se lo decimos antes de que gaste dinero.",
      },
      {
        title: "Fácil llegar a su casa",
        text: "Las entradas de grava, los portones, los perros y las casas sin número visible son parte del servicio en el campo. Cuéntenos al reservar y el técnico tendrá los detalles antes de salir.",
      },
      {
        title: "El mismo técnico de confianza",
        text: "Cada técnico que enviamos pasó una verificación de antecedentes y una prueba de drogas, y el que diagnostica su electrodoméstico es el mismo que regresa a terminar la reparación.",
      },
    ],
    localIssues: [
      {
        title: "Agua de pozo: hierro y sedimento",
        text: "Muchas casas en las zonas rurales de los condados de Chatham, Lee y Moore sacan agua de pozos privados, y el agua de pozo del Piedmont muchas veces trae hierro, manganeso y sedimento fino. Tapa las mallas de entrada de lavadoras, lavavajillas y válvulas de agua del refrigerador, lo que causa llenados lentos y códigos de error, mancha de naranja la ropa y las tinas, y desgasta antes de tiempo las máquinas de hielo.",
      },
      {
        title: "Veranos húmedos",
        text: "Los veranos del centro de Carolina del Norte son calientes y húmedos. Los refrigeradores y congeladores en garajes, porches y bodegas funcionan sin parar, las lavadoras de carga frontal crían moho en el empaque de la puerta y las secadoras tardan más cuando chupan aire húmedo.",
      },
      {
        title: "Polvo y lodo de arcilla roja",
        text: "La arcilla roja se mete en todas partes. El polvo cubre los serpentines del condensador del refrigerador y tapa los conductos de pelusa de la secadora, y la tierra de la ropa de trabajo enlodada se asienta en las bombas y los filtros de desagüe de la lavadora. Sacudir la ropa de trabajo antes de lavarla y limpiar los serpentines una o dos veces al año ayuda mucho.",
      },
      {
        title: "Tormentas eléctricas y restos de huracanes",
        text: "Las tormentas de verano traen rayos y apagones, y los huracanes pueden llegar con fuerza muy tierra adentro, como Fran en 1996. Las líneas eléctricas del campo se caen seguido, y las subidas de voltaje cuando vuelve la corriente dañan las tarjetas de control de los electrodomésticos nuevos. Los protectores contra sobretensiones ayudan, y desconectar durante una tormenta fuerte ayuda más.",
      },
      {
        title: "Fallas de instalación en construcciones nuevas",
        text: "En las colonias nuevas del Triángulo muchas veces encontramos problemas que vienen de la instalación: mangueras de desagüe del lavavajillas sin curva alta, líneas de agua dobladas detrás del refrigerador y ductos de secadora aplastados contra la pared. Causan fugas, malos olores y secado lento que parecen un electrodoméstico descompuesto, pero se corrigen fácilmente.",
      },
    ],
    callToAction: {
      heading: "De Siler City a Cary, vamos a su casa",
      text: "Llame a nuestra oficina de Sanford o reserve en línea. Díganos el electrodoméstico y qué está haciendo, y avísenos si usa agua de pozo. Nos ayuda a llevar las piezas correctas.",
    },
  },
  {
    slug: "florida",
    metaDescription:
      "Reparación de electrodomésticos en Spring Hill para casas de Hernando y Pasco: lavadoras, secadoras, refrigeradores y lavavajillas desgastados por el agua dura, la humedad y el aire salado.",
    intro: [
      "En la costa del Golfo de Florida, al norte de Tampa, los electrodomésticos nunca tienen una temporada libre. El aire acondicionado mantiene fresca la sala, pero los garajes, las lavanderías y los lanais siguen húmedos todo el año. El agua que sale del acuífero de piedra caliza es tan dura que deja una costra blanca en las llaves, y las casas a pocas millas del Golfo respiran aire salado todos los días.",
      "La oficina de Easy Appliance Repair en Florida está en Commercial Way (US 19), en Spring Hill. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas en los condados de Hernando y Pasco, por lo general en 48 horas, con citas de lunes a sábado.",
    ],
    areasIntro:
      "Desde Spring Hill atendemos nuestra propia comunidad y Brooksville, la sede del condado de Hernando, tierra adentro; Aripeka, en el Golfo, en el límite entre Hernando y Pasco; y Moon Lake y Holiday, en el condado de Pasco. Ya sea que viva en una casa junto a un canal, en una casa de block en uno de los vecindarios de Spring Hill o en un condominio junto a la US 19 en Holiday, la misma oficina local contesta su llamada.",
    whyChooseUs: [
      {
        title: "Aquí mismo, en la US 19",
        text: "Nuestra oficina está en Commercial Way, en Spring Hill, así que la costa, Brooksville y las comunidades de Pasco al sur quedan a poca distancia.",
      },
      {
        title: "Ayuda para residentes de temporada",
        text: "Si pasa parte del año en el norte, reserve una visita para la semana en que regresa. Los electrodomésticos que estuvieron parados por meses muchas veces necesitan que les revisen sellos, válvulas y desagües, y es más fácil detectarlo antes de que la máquina de hielo inunde la cocina.",
      },
      {
        title: "Revisiones después de una tormenta",
        text: "Cuando vuelve la luz, un electrodoméstico que no arranca puede necesitar una tarjeta de control, o nada más que un reinicio. Revisamos primero lo sencillo para que pague solo lo que de verdad está descompuesto.",
      },
      {
        title: "Conocemos la humedad y la sal",
        text: "El moho en los empaques de la lavadora, el óxido en los tambores de la secadora y los serpentines corroídos del refrigerador son reparaciones de todos los días en Florida, y le mostraremos qué evita que vuelvan.",
      },
      {
        title: "Servicio de confianza y con garantía",
        text: "Cada técnico que enviamos pasó una verificación de antecedentes y una prueba de drogas, el mismo técnico sigue su reparación hasta el final y nuestro trabajo tiene garantía de devolución.",
      },
    ],
    localIssues: [
      {
        title: "Agua dura del acuífero de piedra caliza",
        text: "Casi toda el agua de la zona viene del acuífero de Florida, que pasa por piedra caliza y recoge mucho calcio. El sarro se acumula en los brazos rociadores y la resistencia del lavavajillas, tapa las válvulas de entrada de lavadoras y lavavajillas y hace más lentas las máquinas de hielo y los dispensadores de agua del refrigerador.",
      },
      {
        title: "Humedad todo el año",
        text: "Las lavadoras de carga frontal atrapan humedad en el empaque de hule de la puerta, donde crece el moho y deja olor a humedad en la ropa limpia. Las secadoras del garaje chupan aire húmedo y tardan más en secar, y la humedad en el ducto se mezcla con la pelusa y oxida los ductos de metal. Dejar abierta la puerta de la lavadora entre cargas ayuda.",
      },
      {
        title: "Aire salado cerca de la costa",
        text: "En Aripeka, Holiday y otras comunidades cerca del Golfo, el aire salado corroe los serpentines del condensador, los motores de ventilador y las conexiones eléctricas de los refrigeradores. Los refrigeradores y congeladores del garaje, y todo lo que está en una cocina exterior, se desgastan más rápido.",
      },
      {
        title: "Apagones y subidas de voltaje en temporada de huracanes",
        text: "De junio a noviembre, las tormentas tropicales pueden cortar la luz por días. Los refrigeradores llenos de comida echada a perder necesitan limpieza y a veces empaques nuevos, y las subidas de voltaje cuando vuelve la corriente dañan las tarjetas de control de refrigeradores, lavadoras y estufas. Un protector contra sobretensiones y desconectar antes de que llegue la tormenta ayudan.",
      },
      {
        title: "Electrodomésticos parados por meses",
        text: "Las casas que se quedan cerradas todo el verano vuelven con sellos resecos, válvulas de agua pegadas, agua estancada y malos olores en lavadoras y lavavajillas, y a veces con insectos o nidos de pájaros en el ducto de la secadora. Poner a funcionar un ciclo de cada electrodoméstico al regresar saca a la luz los problemas a tiempo.",
      },
    ],
    callToAction: {
      heading: "Reparación de electrodomésticos en Spring Hill, cerca de usted",
      text: "Llame a nuestra oficina de Spring Hill o reserve en línea. Sea residente de todo el año o acabe de volver para la temporada, haremos que sus electrodomésticos vuelvan a funcionar.",
    },
  },
  {
    slug: "massachusetts",
    metaDescription:
      "Reparación de electrodomésticos en la South Shore desde nuestra oficina de Hingham para Hull, Scituate, Quincy, Marshfield y pueblos cercanos. Lavadoras, secadoras, refrigeradores y hornos.",
    intro: [
      "Las casas de la South Shore tienen carácter, y buena parte de ese carácter es duro con los electrodomésticos. Las casas coloniales antiguas de Hingham y Duxbury meten la lavandería en un clóset o al final de una escalera empinada al sótano, las casas de dos familias de Quincy y Weymouth conectan electrodomésticos modernos a instalaciones eléctricas más viejas que ellos, y las casas de Hull y Scituate reciben brisa salada cada vez que el viento viene del mar.",
      "La oficina de Easy Appliance Repair en Massachusetts está en Derby Street, en Hingham, junto a la Ruta 3. Reparamos refrigeradores, lavadoras, secadoras, hornos y estufas, lavavajillas y microondas en toda la South Shore y hacia el oeste hasta Norwood y Westwood, por lo general en 48 horas, de lunes a sábado.",
    ],
    areasIntro:
      "Desde Hingham atendemos los pueblos de la costa: Hull, Cohasset, Scituate, Marshfield y Duxbury; Quincy, Milton, Braintree, Weymouth y East Weymouth, más cerca de Boston; Norwell, Hanover, Rockland, Pembroke y Kingston, tierra adentro a lo largo de la Ruta 3; y Westwood y Norwood, por la Ruta 128 y la Ruta 1.",
    whyChooseUs: [
      {
        title: "Con base en la South Shore",
        text: "Nuestra oficina está en Hingham, cerca de la Ruta 3 y la Ruta 228, así que un técnico llega a la costa, a los pueblos de la Ruta 3 o a Quincy y Milton sin tener que venir desde Boston.",
      },
      {
        title: "Cuidadosos en casas antiguas",
        text: "Las escaleras angostas, los clósets de lavandería estrechos y los sótanos de techo bajo vienen con la zona. Reparamos los electrodomésticos en su lugar cuando se puede, protegemos pisos y carpintería cuando no, y le decimos con honestidad cuando la instalación eléctrica o la ventilación vieja necesitan un electricista o un contratista.",
      },
      {
        title: "Listos para los problemas del invierno",
        text: "Las líneas de lavadora congeladas, los ductos de secadora que gotean y los refrigeradores que batallan en garajes fríos son llamadas normales de invierno para nosotros. Reparamos el daño y le explicamos qué cambiar para que no vuelva a pasar el próximo enero.",
      },
      {
        title: "El mismo técnico de principio a fin",
        text: "Si su reparación necesita una pieza, el técnico que la diagnosticó regresa a instalarla, así que no hay que empezar de nuevo con otra persona.",
      },
      {
        title: "Personas verificadas, trabajo garantizado",
        text: "Todas las personas que enviamos a un hogar pasaron una verificación de antecedentes y una prueba de drogas, y nuestras reparaciones tienen garantía de devolución.",
      },
    ],
    localIssues: [
      {
        title: "Aire salado en la costa",
        text: "En Hull, Cohasset, Scituate y Marshfield, el aire salado corroe los serpentines del condensador y los motores de ventilador de los refrigeradores, oxida los gabinetes de lavadoras y secadoras y daña las conexiones eléctricas hasta que los electrodomésticos empiezan a fallar de vez en cuando. Los equipos en garajes y porches cerrados cerca del agua son los primeros en fallar.",
      },
      {
        title: "Casas viejas, instalación vieja, espacios reducidos",
        text: "Muchas casas de la South Shore se construyeron mucho antes que los electrodomésticos de hoy. Los circuitos compartidos, los tomacorrientes sin tierra y el cableado cansado botan interruptores y vuelven erráticos los controles electrónicos, y la lavandería metida en clósets o sótanos bajos deja a la secadora sin aire, así que se sobrecalienta y funde fusibles térmicos.",
      },
      {
        title: "Congelamiento en espacios sin calefacción",
        text: "Las lavadoras en sótanos, cuartos de entrada y garajes sin calefacción se pueden congelar en una ola de frío. El agua que queda en la bomba, las válvulas y las mangueras se expande y las raja, y la fuga solo aparece en la siguiente carga. Las líneas de la máquina de hielo en paredes exteriores también se congelan.",
      },
      {
        title: "Condensación en ductos de secadora fríos",
        text: "Cuando el ducto de la secadora pasa por una pared exterior fría o un ático sin calefacción, el aire caliente y húmedo se condensa adentro. La pelusa se pega a las paredes mojadas, el ducto se angosta y el agua puede regresar a la secadora y oxidarla. Los tramos cortos, aislados y con la inclinación correcta ayudan.",
      },
      {
        title: "Apagones y subidas de voltaje por nor'easters",
        text: "Los nor'easters traen viento, inundaciones en la costa y apagones que pueden durar días en los pueblos costeros. Las subidas de voltaje cuando vuelve la corriente dañan las tarjetas de control, y los refrigeradores que se quedaron sin luz necesitan limpieza antes de volver a confiar en ellos. No use un electrodoméstico que estuvo bajo el agua de una inundación hasta que lo revisen.",
      },
    ],
    callToAction: {
      heading: "¿Un electrodoméstico que no funciona en la South Shore?",
      text: "Llame a nuestra oficina de Hingham o reserve en línea. De Hull a Norwood, le enviaremos a un técnico que conoce las casas de Nueva Inglaterra y sus particularidades.",
    },
  },
];
